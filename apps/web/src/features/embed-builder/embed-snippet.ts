import type { EmbedMode } from '@bevy/core';

/** The snippet a producer pastes into their own site: the script, then the shop element. */

export type { EmbedMode };

export interface EmbedSettings {
  business: string;
  mode: EmbedMode;
  /** For 'product'. */
  product: string;
  /** For 'club'; empty: every open club. */
  club: string;
  accent: string;
  text: string;
  background: string;
  font: string;
}

export const DEFAULT_EMBED_COLORS = {
  accent: '#7a1f3d',
  text: '#222222',
  background: '#ffffff',
  font: 'inherit',
} as const;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The element's attributes, in the order the snippet shows them; empty ones left out. */
export function embedAttributes(settings: EmbedSettings): [string, string][] {
  const attributes: [string, string][] = [
    ['business', settings.business],
    ['mode', settings.mode],
  ];
  if (settings.mode === 'product' && settings.product)
    attributes.push(['product', settings.product]);
  if (settings.mode === 'club' && settings.club) attributes.push(['club', settings.club]);
  for (const name of ['accent', 'text', 'background', 'font'] as const) {
    const value = settings[name].trim();
    if (value) attributes.push([name, value]);
  }
  return attributes;
}

export function embedSnippet(origin: string, settings: EmbedSettings): string {
  const attributes = embedAttributes(settings)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return `<script src="${origin}/embed.js" async></script>\n<bevy-shop ${attributes}></bevy-shop>`;
}
