/**
 * The links a shared page goes out with: every one carries utm_* tags naming its channel, so
 * that the orders it brings are attributed to it (lib/attribution).
 */

export type ShareChannel =
  'native' | 'copy' | 'email' | 'x' | 'facebook' | 'linkedin' | 'pinterest';

/** utm_source of each channel. */
const SOURCE_OF: Record<ShareChannel, string> = {
  native: 'share',
  copy: 'link',
  email: 'email',
  x: 'x',
  facebook: 'facebook',
  linkedin: 'linkedin',
  pinterest: 'pinterest',
};

/** The page's address with the channel's tags; a path is taken on this site. */
export function taggedUrl(url: string, channel: ShareChannel, origin = window.location.origin) {
  const tagged = new URL(url, origin);
  tagged.searchParams.set('utm_source', SOURCE_OF[channel]);
  tagged.searchParams.set('utm_medium', channel === 'email' ? 'email' : 'social');
  tagged.searchParams.set('utm_campaign', 'share');
  return tagged.toString();
}

export interface ShareContent {
  /** The page's canonical address or path, e.g. "/business/cascadia-hollow-cellars". */
  url: string;
  title: string;
  /** A sentence about the page, for the message or post. */
  text: string;
  /** The page's image (for Pinterest), address or path. */
  image?: string | null;
}

/** Where each channel of the menu sends the page. */
export function shareLinks(content: ShareContent, origin = window.location.origin) {
  const at = (channel: ShareChannel) => encodeURIComponent(taggedUrl(content.url, channel, origin));
  const title = encodeURIComponent(content.title);
  const body = encodeURIComponent(`${content.text}\n\n${taggedUrl(content.url, 'email', origin)}`);
  const media = content.image
    ? `&media=${encodeURIComponent(new URL(content.image, origin).toString())}`
    : '';
  return {
    email: `mailto:?subject=${title}&body=${body}`,
    x: `https://twitter.com/intent/tweet?url=${at('x')}&text=${title}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${at('facebook')}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${at('linkedin')}`,
    pinterest: `https://pinterest.com/pin/create/button/?url=${at('pinterest')}${media}&description=${title}`,
  };
}
