/** Site settings the web app may see: injected into index.html by the server from its config. */
export interface PublicSiteConfig {
  siteName: string;
  siteUrl: string;
  contactEmail: string;
  contactPhone: string;
  /** Postal address of the company, shown in the footer and legal pages. */
  postalAddress: string;
  /** Governing law named in the terms of service. */
  governingLaw: string;
  /** Stripe's publishable key when payments run on Stripe; null on the offline provider. */
  stripePublishableKey: string | null;
}
