/** Shapes the API returns and the web app reads, written once for both. */

export type WholesaleStatus = 'pending' | 'approved' | 'rejected';

export interface Applicant {
  id: number;
  name: string;
  email: string;
}

/** A wholesale application as the API shows it: the GraphQL type and the REST body alike. */
export interface WholesaleApplicationView {
  id: number;
  businessName: string;
  licenseType: string;
  licenseNumber: string;
  issuingState: string;
  licenseExpiresOn: string;
  documentName: string;
  documentType: string;
  documentUrl: string;
  status: WholesaleStatus;
  rejectionReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
  applicant: Applicant;
  /** The producer whose trade invitation the applicant accepted, who vouches for them. */
  vouchedBy: { name: string; slug: string } | null;
}

/** A banner with everything an admin edits. */
export interface AdminBannerView {
  id: number;
  type: string;
  lines: string[];
  link: { url: string; title: string } | null;
  dismissible: boolean;
  active: boolean;
  position: number;
}
