import type sanitizeHtml from 'sanitize-html';
import { formatCents, formatEventWhen, type CampaignBlock } from '@bevy/core';
import type { Config } from '../../config';
import { lazyPackage } from '../../platform/lazy-package';
import { escapeHtml } from '../orders/index';
import type { CampaignCatalogue } from './campaign-catalogue';

/**
 * A campaign as an email: the producer's rich text, sanitised (no script, style, frame or remote
 * image: only text, emphasis, lists, headings and links), and catalogue blocks drawn from the
 * catalogue now, then the footer the law asks for. Every link goes through our click redirect
 * when the message is for a real recipient; its targets are listed in order, so a click names
 * one by index and the redirect can never be pointed elsewhere.
 */

type RenderConfig = Pick<Config, 'publicUrl' | 'SITE_NAME'>;

/** Loaded when a campaign is first written or sent, not at start. */
const loadSanitizeHtml = lazyPackage<typeof sanitizeHtml>('sanitize-html');

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'blockquote',
    'hr',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = absoluteLink(attribs.href ?? '');
      const kept: Record<string, string> = href ? { href } : {};
      return { tagName, attribs: kept };
    },
  },
};

/**
 * A link as typed ("www.mywinery.com", "https://…/日本酒", "mailto:…") made absolute and
 * encoded, or null when it is no web or mail address: a relative link would lead to our site.
 */
export function absoluteLink(typed: string): string | null {
  const text = typed.trim();
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(text)) return text;
  const candidate = /^https?:\/\//i.test(text)
    ? text
    : /^[\w-]+(\.[\w-]+)+([/?#][^\s]*)?$/.test(text)
      ? `https://${text}`
      : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The rich text a producer may send, and nothing else. */
export function sanitizeCampaignHtml(html: string): string {
  return loadSanitizeHtml()(html, RICH_TEXT);
}

export interface CampaignContent {
  subject: string;
  preview: string;
  blocks: readonly CampaignBlock[];
}

export interface Footer {
  businessName: string;
  businessSlug: string;
  postalAddress: string;
  /** Why this person gets the mail, e.g. "you follow X and agreed to its email on May 3, 2026". */
  reason: string;
  /** The one-click unsubscribe page (GET shows it, POST unsubscribes). */
  unsubscribeUrl: string;
}

export interface RenderedCampaign {
  subject: string;
  html: string;
  text: string;
  /** The targets of the links, in order of appearance. */
  links: string[];
}

const BUTTON =
  'display:inline-block;padding:10px 18px;background:#7a1f3d;color:#ffffff;border-radius:6px;text-decoration:none';

/** Our own pictures only: an image elsewhere would be remote content (a tracking pixel, say). */
function ownImage(config: RenderConfig, path: string | null): string | null {
  return path && path.startsWith('/') && !path.startsWith('//')
    ? `${config.publicUrl}${path}`
    : null;
}

export function renderCampaign(
  config: RenderConfig,
  content: CampaignContent,
  catalogue: CampaignCatalogue,
  footer: Footer,
  /** How a link target becomes the href in the message (the click redirect, or itself). */
  linkHref: (index: number, target: string) => string,
): RenderedCampaign {
  const links: string[] = [];
  const link = (target: string) => {
    links.push(target);
    return linkHref(links.length - 1, target);
  };
  const html: string[] = [];
  const text: string[] = [];

  for (const block of content.blocks) {
    switch (block.kind) {
      case 'text': {
        const clean = sanitizeCampaignHtml(block.html).replace(
          /<a href="([^"]*)"/g,
          (_match, href: string) => `<a href="${escapeHtml(link(decode(href)))}"`,
        );
        html.push(`<div style="font-size:16px;line-height:1.5">${clean}</div>`);
        text.push(htmlToText(clean));
        break;
      }
      case 'product': {
        const product = catalogue.products.get(block.productId);
        if (!product) break;
        const price = product.retailCents === null ? '' : formatCents(product.retailCents);
        const href = link(`${config.publicUrl}/business/${footer.businessSlug}`);
        html.push(
          card(
            ownImage(config, product.imagePath),
            product.name,
            [product.beverageType, price].filter(Boolean).join(' · '),
            'Shop now',
            href,
          ),
        );
        text.push(`${product.name}${price ? `, ${price}` : ''}: ${href}`);
        break;
      }
      case 'club': {
        const club = catalogue.clubs.get(block.clubId);
        if (!club) break;
        const href = link(`${config.publicUrl}/business/${footer.businessSlug}/clubs/${club.slug}`);
        html.push(
          card(
            ownImage(config, club.imagePath),
            club.name,
            club.description.slice(0, 240),
            'Join the club',
            href,
          ),
        );
        text.push(`${club.name}: ${href}`);
        break;
      }
      case 'event': {
        const event = catalogue.events.get(block.eventId);
        if (!event) break;
        const when = formatEventWhen(event.startsAt, event.endsAt, event.timeZone);
        const from = event.fromCents === null ? '' : ` · from ${formatCents(event.fromCents)}`;
        const href = link(`${config.publicUrl}/events/${event.urlKey}`);
        html.push(
          card(
            ownImage(config, event.imagePath),
            event.title,
            `${when} · ${event.venueCity}, ${event.venueState}${from}`,
            'Get tickets',
            href,
          ),
        );
        text.push(`${event.title}, ${when}, ${event.venueCity}, ${event.venueState}: ${href}`);
        break;
      }
    }
  }

  const footerHtml =
    `<hr style="border:none;border-top:1px solid #ddd;margin:32px 0 16px">` +
    `<p style="font-size:13px;color:#555">You receive this email because ${escapeHtml(footer.reason)}.</p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(footer.businessName)}, ${escapeHtml(footer.postalAddress)}</p>` +
    `<p style="font-size:13px"><a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe from ${escapeHtml(footer.businessName)}</a> (one click, at once).</p>`;
  const previewHtml = content.preview
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preview)}</div>`
    : '';
  return {
    subject: content.subject,
    html:
      `<!doctype html>\n<html><head><meta name="viewport" content="width=device-width,initial-scale=1"></head>` +
      `<body style="margin:0;padding:16px;font-family:sans-serif;color:#222">${previewHtml}` +
      `<div style="max-width:600px;margin:0 auto">${html.join('\n')}${footerHtml}</div></body></html>\n`,
    text:
      `${text.join('\n\n')}\n\n--\nYou receive this email because ${footer.reason}.\n` +
      `${footer.businessName}, ${footer.postalAddress}\nUnsubscribe: ${footer.unsubscribeUrl}\n`,
    links,
  };
}

function card(image: string | null, title: string, detail: string, action: string, href: string) {
  const picture = image
    ? `<img src="${escapeHtml(image)}" alt="" width="120" style="max-width:120px;height:auto;display:block;margin:0 auto 8px">`
    : '';
  return (
    `<div style="border:1px solid #e5e5e5;border-radius:8px;padding:16px;margin:16px 0;text-align:center">` +
    `${picture}<h3 style="margin:0 0 4px;font-size:18px">${escapeHtml(title)}</h3>` +
    (detail ? `<p style="margin:0 0 12px;color:#555">${escapeHtml(detail)}</p>` : '') +
    `<a href="${escapeHtml(href)}" style="${BUTTON}">${escapeHtml(action)}</a></div>`
  );
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Sanitised rich text as plain text, links written out. */
export function htmlToText(html: string): string {
  return decode(
    html
      .replace(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/g, '$2 ($1)')
      .replace(/<li>/g, '- ')
      .replace(/<\/(p|h2|h3|li|blockquote)>|<br\s*\/?>|<hr\s*\/?>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
