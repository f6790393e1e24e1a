import { h, renderShop } from './render';
import { WIDGET_CSS } from './styles';
import type { EmbedShop } from '@bevy/core';

/**
 * The embeddable shop: `<script src="{marketplace}/embed.js" async></script>` on a producer's
 * site, then `<bevy-shop business="slug" mode="products|product|club|events">`. A custom element
 * with its own shadow root, so it needs no iframe (no third-party cookies) and keeps its styles.
 */

// Read while the script runs: afterwards currentScript is null.
const ORIGIN = (() => {
  const script = document.currentScript as HTMLScriptElement | null;
  try {
    return new URL(script?.src ?? '', location.href).origin;
  } catch {
    return location.origin;
  }
})();

/** No font named: the system's; `inherit` takes the host page's. */
const DEFAULTS = { accent: '#7a1f3d', text: '#222222', background: '#ffffff', font: '' };
const MODES = ['products', 'product', 'club', 'events'];
const SYSTEM_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The attribute's value when the browser takes it for this CSS property, else the fallback. */
function cssValue(property: string, value: string | null, fallback: string): string {
  if (!value || /[;{}<>]/.test(value)) return fallback;
  return CSS.supports(property, value) ? value : fallback;
}

/** Black or white, whichever reads better on the accent (only #rgb and #rrggbb are measured). */
function onAccent(accent: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(accent)?.[1];
  if (!hex) return '#ffffff';
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White text passes 4.5:1 below about 0.18.
  return luminance > 0.18 ? '#111111' : '#ffffff';
}

class BevyShop extends HTMLElement {
  static observedAttributes = [
    'business',
    'mode',
    'product',
    'club',
    'accent',
    'text',
    'background',
    'font',
  ];

  readonly #root = this.attachShadow({ mode: 'open' });
  #controller: AbortController | null = null;
  #scheduled = false;

  connectedCallback() {
    this.#schedule();
  }

  disconnectedCallback() {
    this.#controller?.abort();
  }

  attributeChangedCallback() {
    if (this.isConnected) this.#schedule();
  }

  /** One render for a batch of attribute changes. */
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      void this.#render();
    });
  }

  #theme(): string {
    const accent = cssValue('color', this.getAttribute('accent'), DEFAULTS.accent);
    const text = cssValue('color', this.getAttribute('text'), DEFAULTS.text);
    const background = cssValue('color', this.getAttribute('background'), DEFAULTS.background);
    const font = cssValue('font-family', this.getAttribute('font'), DEFAULTS.font);
    return `:host {
      --bevy-accent: ${accent};
      --bevy-on-accent: ${onAccent(accent)};
      --bevy-text: ${text};
      --bevy-background: ${background};
      --bevy-font: ${font === 'inherit' ? 'inherit' : font ? `${font}, ${SYSTEM_FONT}` : SYSTEM_FONT};
    }`;
  }

  #show(...content: (Node | string)[]) {
    this.#root.replaceChildren(h('style', {}, WIDGET_CSS, this.#theme()), ...content);
  }

  #url(): URL | null {
    const business = this.getAttribute('business');
    if (!business) return null;
    const url = new URL(`/embed/v1/${encodeURIComponent(business)}`, ORIGIN);
    const mode = this.getAttribute('mode') ?? 'products';
    url.searchParams.set('mode', MODES.includes(mode) ? mode : 'products');
    for (const name of ['product', 'club']) {
      const value = this.getAttribute(name);
      if (value && mode === name) {
        url.searchParams.set(name, value);
      }
    }
    return url;
  }

  async #render() {
    this.#controller?.abort();
    const url = this.#url();
    if (!url) {
      this.#show(h('p', { class: 'shop status', role: 'alert' }, 'Set the business attribute.'));
      return;
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.#show(h('p', { class: 'shop status', role: 'status' }, 'Loading the shop…'));
    try {
      const response = await fetch(url, { signal: controller.signal, credentials: 'omit' });
      const body = (await response.json()) as EmbedShop & { error?: { message: string } };
      if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
      const source = location.hostname || 'embed';
      this.#show(renderShop(body, { origin: ORIGIN, source }));
    } catch (error) {
      if (controller.signal.aborted) return;
      const detail = error instanceof Error ? error.message : '';
      this.#show(
        h(
          'div',
          { class: 'shop status', role: 'alert' },
          h('p', {}, `This shop could not be loaded. ${detail}`),
          h(
            'a',
            { href: new URL('/shop', ORIGIN).href, target: '_blank', rel: 'noopener' },
            'Visit the shop',
          ),
        ),
      );
    }
  }
}

if (!customElements.get('bevy-shop')) customElements.define('bevy-shop', BevyShop);
