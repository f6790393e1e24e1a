import type { PublicSiteConfig } from '@bevy/core';

/**
 * Public site settings. The server injects them into index.html from its configuration
 * (a JSON script tag with id "public-config"); the defaults below serve the Vite dev server.
 */
export type SiteConfig = PublicSiteConfig;

const defaults: SiteConfig = {
  siteName: 'Bevy',
  siteUrl: 'https://bevy.example',
  contactEmail: 'hello@bevy.example',
  contactPhone: '+1 (503) 555-0142',
  postalAddress: '1220 SE Water Ave, Portland, OR 97214',
  governingLaw: 'the State of Oregon, United States of America',
  stripePublishableKey: null,
};

function readInjected(): Partial<SiteConfig> {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById('public-config');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as Partial<SiteConfig>;
  } catch {
    return {};
  }
}

export const siteConfig: SiteConfig = { ...defaults, ...readInjected() };

/** `tel:` link target for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
