import type { EmbedClub, EmbedEvent, EmbedProduct, EmbedShop } from '@bevy/core';

/** Builds the widget's DOM from the embed data: plain elements, text set as text, never HTML. */

type Child = Node | string | null | false;

export function h(
  tag: string,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatCents = (cents: number) => money.format(cents / 100);

/** An event's start in its venue's time zone, with the zone's abbreviation (e.g. PDT). */
export function formatWhen(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toUTCString();
  }
}

/** Only our own http(s) links become hrefs, whatever the data says. */
function safeHref(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : origin;
  } catch {
    return origin;
  }
}

export interface RenderOptions {
  /** The marketplace's origin, where the script came from. */
  origin: string;
  /** The host page's name for the marketplace's attribution (utm_source). */
  source: string;
}

function newTabLink(href: string, text: string, label: string | null, className = '') {
  const link = h('a', { href, target: '_blank', rel: 'noopener' }, text);
  if (className) link.className = className;
  if (label) link.setAttribute('aria-label', label);
  return link;
}

function cartUrl(product: EmbedProduct, options: RenderOptions): string {
  const url = new URL('/cart', options.origin);
  url.searchParams.set('add', product.id);
  url.searchParams.set('qty', '1');
  url.searchParams.set('utm_source', options.source);
  url.searchParams.set('utm_medium', 'embed');
  url.searchParams.set('utm_campaign', 'shop');
  return url.href;
}

/** How the product can be had: the states it ships to, pickup, delivery. */
function fulfillmentLines(shop: EmbedShop): HTMLElement[] {
  const { business } = shop;
  const lines: string[] = [];
  if (business.ships && business.shipToStates.length > 0) {
    lines.push(`Ships to: ${business.shipToStates.join(', ')}`);
  }
  if (business.pickup) {
    lines.push(business.pickupHours ? `Pickup: ${business.pickupHours}` : 'Pickup at the producer');
  }
  if (business.delivers) lines.push('Local delivery');
  return lines.map((line) => h('p', { class: 'note' }, line));
}

function productCard(
  product: EmbedProduct,
  shop: EmbedShop,
  options: RenderOptions,
  headingLevel: 'h2' | 'h3',
) {
  const soldOut = product.stock === 0;
  const extraTiers = product.tiers.slice(1);
  return h(
    'li',
    { class: 'card' },
    product.imageUrl
      ? h('img', {
          class: 'photo',
          src: safeHref(product.imageUrl, options.origin),
          alt: product.name,
          loading: 'lazy',
        })
      : null,
    h(headingLevel, {}, product.name),
    h('p', { class: 'meta' }, product.beverageType),
    h(
      'p',
      { class: 'price' },
      product.minimumQuantity > 1
        ? `${formatCents(product.priceCents)} each, from ${product.minimumQuantity}`
        : formatCents(product.priceCents),
    ),
    extraTiers.length > 0 &&
      h(
        'ul',
        { class: 'tiers', 'aria-label': 'Volume prices' },
        ...extraTiers.map((tier) =>
          h('li', {}, `${tier.minimumQuantity}+ for ${formatCents(tier.priceCents)} each`),
        ),
      ),
    ...fulfillmentLines(shop),
    h('div', { class: 'grow' }),
    soldOut
      ? h('p', { class: 'soldout' }, 'Sold out')
      : newTabLink(
          cartUrl(product, options),
          'Add to cart',
          `Add ${product.name} to cart`,
          'button',
        ),
    newTabLink(safeHref(product.url, options.origin), 'Details', `Details of ${product.name}`),
  );
}

function clubCard(club: EmbedClub, options: RenderOptions) {
  return h(
    'li',
    { class: 'card' },
    h('h3', {}, club.name),
    club.description && h('p', {}, club.description),
    h('div', { class: 'grow' }),
    newTabLink(safeHref(club.url, options.origin), 'Join the club', `Join ${club.name}`, 'button'),
  );
}

function eventCard(event: EmbedEvent, options: RenderOptions) {
  return h(
    'li',
    { class: 'card' },
    h('h3', {}, event.title),
    h('p', {}, h('time', { datetime: event.startsAt }, formatWhen(event.startsAt, event.timeZone))),
    h('p', { class: 'meta' }, event.venue),
    event.fromPriceCents !== null &&
      h(
        'p',
        { class: 'price' },
        event.fromPriceCents === 0 ? 'Free' : `From ${formatCents(event.fromPriceCents)}`,
      ),
    h('div', { class: 'grow' }),
    newTabLink(
      safeHref(event.url, options.origin),
      'Get tickets',
      `Tickets for ${event.title}`,
      'button',
    ),
  );
}

function section(title: string | null, cards: HTMLElement[], empty: string) {
  return [
    title ? h('h2', {}, title) : null,
    cards.length > 0 ? h('ul', { class: 'grid' }, ...cards) : h('p', { class: 'status' }, empty),
  ];
}

/** The widget's content for one answer of the embed endpoint. */
export function renderShop(shop: EmbedShop, options: RenderOptions): HTMLElement {
  const { business } = shop;
  let content: Child[];
  switch (shop.mode) {
    case 'product':
      content = section(
        null,
        shop.products.map((product) => productCard(product, shop, options, 'h2')),
        'This product is not for sale right now.',
      );
      break;
    case 'club':
      content = section(
        `Join a club at ${business.name}`,
        shop.clubs.map((club) => clubCard(club, options)),
        'This club is not open right now.',
      );
      break;
    case 'events':
      content = section(
        `Upcoming events at ${business.name}`,
        shop.events.map((event) => eventCard(event, options)),
        'No upcoming events right now.',
      );
      break;
    default:
      content = section(
        `Shop ${business.name}`,
        shop.products.map((product) => productCard(product, shop, options, 'h3')),
        'Nothing is for sale right now.',
      );
  }
  return h(
    'section',
    { class: 'shop', 'aria-label': `${business.name} shop` },
    ...content,
    h(
      'p',
      { class: 'footer' },
      newTabLink(safeHref(business.url, options.origin), `More from ${business.name}`, null),
    ),
  );
}
