import { formatCents } from '@bevy/core';
import type { CampaignCatalogue } from './api/campaigns';
import type { CatalogueKind } from './campaign-form-values';

export interface CatalogueOption {
  value: string;
  label: string;
}

/** Each catalogue kind's options; null while the catalogue is loading. */
export type CatalogueOptions = Record<CatalogueKind, CatalogueOption[]> | null;

type Product = CampaignCatalogue['businessProducts'][number];
type Club = CampaignCatalogue['clubsToManage'][number];
type ManagedEvent = CampaignCatalogue['eventsToManage'][number];

const lowest = (cents: readonly number[]) => (cents.length > 0 ? Math.min(...cents) : null);

/** "Pinot Noir 2022 · $32.00": the retail price the email shows (never a wholesale one). */
export function productLabel(product: Product): string {
  const price = lowest(product.retailPricing.map((tier) => tier.price_per_unit));
  return price === null ? product.name : `${product.name} · ${formatCents(price)}`;
}

/** "Cellar club · from $90.00 a release", or the member discount on retail prices. */
export function clubLabel(club: Club): string {
  const fixed = lowest(
    club.tiers.flatMap((tier) =>
      tier.priceBasis === 'fixed' && tier.fixedPriceCents !== null ? [tier.fixedPriceCents] : [],
    ),
  );
  if (fixed !== null) {
    const every = club.isSubscription ? 'an order' : 'a release';
    return `${club.name} · from ${formatCents(fixed)} ${every}`;
  }
  const percent = club.memberDiscountBasisPoints / 100;
  return percent > 0 ? `${club.name} · retail less ${percent}%` : `${club.name} · retail prices`;
}

/** "Harvest party · Saturday, October 5, … · from $25.00". */
export function eventLabel(event: ManagedEvent): string {
  const price = lowest(event.ticketTypes.map((type) => type.priceCents));
  const from = price === null ? '' : price === 0 ? ' · free' : ` · from ${formatCents(price)}`;
  return `${event.title} · ${event.when}${from}`;
}

/**
 * What each catalogue block can name: published products, open clubs and events still to come
 * (what the server accepts in a campaign).
 */
export function catalogueOptions(
  catalogue: CampaignCatalogue | null | undefined,
  now: number,
): CatalogueOptions {
  if (!catalogue) return null;
  return {
    product: catalogue.businessProducts
      .filter((product) => product.status === 'published')
      .map((product) => ({ value: String(product.id), label: productLabel(product) })),
    club: catalogue.clubsToManage
      .filter((club) => club.status === 'open')
      .map((club) => ({ value: String(club.id), label: clubLabel(club) })),
    event: catalogue.eventsToManage
      .filter((event) => !event.cancelled && new Date(event.endsAt).getTime() > now)
      .map((event) => ({ value: String(event.id), label: eventLabel(event) })),
  };
}

const NO_LONGER: Record<CatalogueKind, string> = {
  product: 'A product no longer published',
  club: 'A club no longer open',
  event: 'An event over or cancelled',
};

/**
 * The options of a block, with its chosen item kept when it is no longer offered (so the select
 * still says what the draft holds, and the producer can choose another).
 */
export function optionsWithChosen(
  options: readonly CatalogueOption[] | null,
  kind: CatalogueKind,
  chosen: number | null,
): CatalogueOption[] {
  if (chosen === null || options?.some((option) => option.value === String(chosen))) {
    return [...(options ?? [])];
  }
  const label = options ? `${NO_LONGER[kind]} (#${chosen})` : 'Loading…';
  return [{ value: String(chosen), label }, ...(options ?? [])];
}
