import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { SOCIAL_NETWORKS, type SocialNetwork } from './social-networks';

export { SOCIAL_NETWORKS, type SocialNetwork } from './social-networks';

/**
 * Contact details as sellers type them, in the one form we store: phone numbers in international
 * (E.164) form, web addresses as https URLs, social accounts as the profile's URL. Kept out of the
 * package index because the phone metadata is large and only the profile pages need it.
 */

export type Normalized = { ok: true; value: string } | { ok: false; message: string };

/** "(503) 555-0142" or "+44 20 7946 0958" -> "+15035550142"; a number without a country is read as US. */
export function normalizePhoneNumber(input: string): Normalized {
  const number = parsePhoneNumberFromString(input.trim(), 'US');
  if (!number || !number.isValid()) {
    return {
      ok: false,
      message: 'Enter a valid phone number, like (503) 555-0142 or +44 20 7946 0958.',
    };
  }
  return { ok: true, value: number.number };
}

/** "+15035550142" -> "+1 503 555 0142"; anything unreadable is shown as stored. */
export function formatPhoneNumber(stored: string): string {
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

function parseWebAddress(input: string): URL | null {
  const trimmed = input.trim();
  // "example.com/shop" has no scheme: read it as https.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || !HOST_NAME.test(url.hostname)) return null;
    return url;
  } catch {
    return null;
  }
}

/** "chalkknoll.com" -> "https://chalkknoll.com"; a given http scheme and any path are kept. */
export function normalizeWebAddress(input: string): Normalized {
  const url = parseWebAddress(input);
  if (!url) return { ok: false, message: 'Enter a web address, like chalkknoll.com.' };
  // A home page is written without its trailing slash, as people type it.
  const href = url.pathname === '/' && !url.search && !url.hash ? url.origin : url.href;
  return { ok: true, value: href };
}

const HANDLE = /^@?([A-Za-z0-9._-]{1,100})$/;

/**
 * A social account as a handle ("@chalkknoll", "chalkknoll") or a profile URL
 * ("instagram.com/chalkknoll") -> the profile's https URL. A URL must be on that network.
 */
export function normalizeSocialLink(network: SocialNetwork, input: string): Normalized {
  const { label, hosts, profile } = SOCIAL_NETWORKS[network];
  const trimmed = input.trim();
  const url = parseWebAddress(trimmed);
  const host = url?.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  if (url && host && (hosts as readonly string[]).includes(host)) {
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '') {
      return {
        ok: false,
        message: `Add your account to the ${label} address, or type just the handle.`,
      };
    }
    return { ok: true, value: `https://${url.hostname.toLowerCase()}${path}${url.search}` };
  }
  // Not a link to this network: a handle, which may itself contain dots ("chalk.knoll").
  const handle = HANDLE.exec(trimmed);
  if (handle && !trimmed.includes('/')) return { ok: true, value: `${profile}${handle[1]}` };
  return {
    ok: false,
    message: `Enter your ${label} handle, like @chalkknoll, or the address of your ${label} page.`,
  };
}
