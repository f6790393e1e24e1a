import { createHash } from 'node:crypto';
import { formatCents, formatEventDate } from '@bevy/core';
import type { PublicBusiness, PublicClub, PublicEvent, PublicProduct } from './page-data';

/**
 * The text of a 1200×630 share image and the SVG that draws it. Pure, so what an image says
 * (never a wholesale price) is tested on the SVG source before it is rasterised.
 */
export interface ShareCard {
  eyebrow: string;
  title: string;
  byline: string;
  price: string | null;
  /** The photo composited on the left: an upload or one of our own pictures. */
  imagePath: string | null;
  siteName: string;
}

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** Bumped when the drawing changes, so every versioned image URL changes with it. */
const LAYOUT_VERSION = 1;

const PHOTO_PANEL = 460;
export const PHOTO_BOX = { left: 30, top: 30, width: PHOTO_PANEL - 60, height: 570 } as const;
export const PHOTO_PANEL_SIZE = { width: PHOTO_PANEL, height: SHARE_IMAGE.height } as const;

const placeOf = (business: PublicBusiness) =>
  [business.address?.locality, business.address?.administrative_area_level_1]
    .filter(Boolean)
    .join(', ');

export function productCard(product: PublicProduct, siteName: string): ShareCard {
  const facts = [product.beverageType, product.varietal, product.vintage, sizeOf(product.volumeMl)];
  return {
    eyebrow: facts.filter(Boolean).join(' · '),
    title: product.name,
    byline: `by ${product.producedBy}`,
    price: product.retailCents === null ? null : formatCents(product.retailCents),
    imagePath: product.imagePath,
    siteName,
  };
}

export function businessCard(business: PublicBusiness, siteName: string): ShareCard {
  return {
    eyebrow: [business.mainBeverage ? `${business.mainBeverage} producer` : 'Producer']
      .concat(placeOf(business) || [])
      .join(' · '),
    title: business.name,
    byline: business.shipping.length > 0 ? 'Shop direct, shipped to your door' : 'Shop direct',
    price: null,
    imagePath: business.logoPath ?? business.heroPath,
    siteName,
  };
}

export function eventCard(event: PublicEvent, siteName: string): ShareCard {
  const lowest = Math.min(...event.tickets.map((ticket) => ticket.priceCents));
  const price = !Number.isFinite(lowest) ? null : lowest === 0 ? 'Free' : formatCents(lowest);
  return {
    eyebrow: `${event.cancelled ? 'Cancelled · ' : ''}${formatEventDate(event.startsAt, event.timeZone)}`,
    title: event.title,
    byline: `${event.business.name} · ${event.venue.city}, ${event.venue.state}`,
    price: price && event.tickets.length > 1 && price !== 'Free' ? `From ${price}` : price,
    imagePath: event.imagePath,
    siteName,
  };
}

export function clubCard(club: PublicClub, siteName: string): ShareCard {
  const prices = club.tiers.flatMap((tier) => tier.fixedPriceCents ?? []);
  return {
    eyebrow: 'Club membership',
    title: club.name,
    byline: `by ${club.business.name}`,
    price: prices.length > 0 ? `From ${formatCents(Math.min(...prices))} a release` : null,
    imagePath: club.imagePath,
    siteName,
  };
}

function sizeOf(ml: number | null): string | null {
  if (ml === null) return null;
  return ml >= 1000 && ml % 100 === 0 ? `${ml / 1000} L` : `${ml} ml`;
}

/** A short hash of everything the image shows: its URL's version and its ETag. */
export function cardVersion(card: ShareCard): string {
  return createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, card]))
    .digest('base64url')
    .slice(0, 12);
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/** Words into at most `maxLines` lines of about `perLine` characters, the last cut with "…". */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const pieces =
      word.length > perLine ? (word.match(new RegExp(`.{1,${perLine}}`, 'gu')) ?? []) : [word];
    for (const piece of pieces) {
      if (line && line.length + 1 + piece.length > perLine) {
        lines.push(line);
        line = piece;
      } else {
        line = line ? `${line} ${piece}` : piece;
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.slice(0, Math.max(0, perLine - 1)).trimEnd()}…`;
  return kept;
}

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** The card as SVG; with a photo, the left panel is left for it to be composited onto. */
export function shareCardSvg(card: ShareCard, withPhoto: boolean): string {
  const { width, height } = SHARE_IMAGE;
  const left = withPhoto ? PHOTO_PANEL + 50 : 80;
  const textWidth = width - left - 70;
  // About 0.58 em per character in a bold sans at 64px, 0.5 em at 34px.
  const titleLines = wrapText(card.title, Math.floor(textWidth / (64 * 0.58)), 3);
  const bylineLines = wrapText(card.byline, Math.floor(textWidth / (34 * 0.5)), 2);
  const eyebrow = wrapText(card.eyebrow.toUpperCase(), Math.floor(textWidth / (24 * 0.72)), 1);
  let y = 130;
  const text: string[] = [];
  const line = (content: string, size: number, fill: string, weight = 'normal', extra = '') => {
    text.push(
      `<text x="${left}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}"${extra}>${escapeXml(content)}</text>`,
    );
  };
  for (const part of eyebrow) line(part, 24, '#e8b7a0', 'bold', ' letter-spacing="3"');
  y += 84;
  for (const part of titleLines) {
    line(part, 64, '#ffffff', 'bold');
    y += 76;
  }
  y += 4;
  for (const part of bylineLines) {
    line(part, 34, '#f4ede4');
    y += 44;
  }
  y = 548;
  if (card.price) line(card.price, 52, '#f2c14e', 'bold');
  text.push(
    `<text x="${width - 70}" y="${height - 40}" font-size="28" fill="#f4ede4" fill-opacity="0.8" text-anchor="end">${escapeXml(card.siteName)}</text>`,
  );
  const panel = withPhoto
    ? `<rect x="0" y="0" width="${PHOTO_PANEL}" height="${height}" fill="#f4ede4"/>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0" stop-color="#3a1d26"/><stop offset="1" stop-color="#1f0f14"/>',
    '</linearGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    panel,
    `<rect x="${left}" y="${height - 12}" width="${width - left}" height="12" fill="#7b2c3f"/>`,
    ...text,
    '</svg>',
  ].join('');
}
