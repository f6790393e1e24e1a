// Orama 3 with facets and geosearch, stemming and stop words off. Two of Orama's semantics
// differ from ours and are bridged so both engines answer the same question:
// - Text: Orama matches every query word as a prefix and, with several words, wants them all in
//   one property (and miscounts when a prefix matches two words of a document). We give it one
//   property holding all searchable text through our tokenizer, send the last word as the term
//   (a prefix, scored by BM25), and require the earlier words as exact-word filters on that same
//   property, which Orama answers from the same radix tree. Our typo rule is spelled out as the
//   terms (or starts) each word stands for, from the catalog's vocabulary (see typos.ts).
// - Facets: Orama counts numbers only in ranges and limits and sorts only 'string' facets, whose
//   filters are tokenized (so 'Pinot Noir' would match 'Pinot Gris'). Facet attributes are enums
//   (exact filters, counted per value); the top values are sorted and cut here, inside the timed
//   call, as a server built on Orama would have to.
import {
  create,
  insertMultiple,
  search,
  type AnyOrama,
  type Results,
  type SearchParams,
  type TypedDocument,
} from '@orama/orama';
import { tokenize } from '@bevy/search';
import type { ProductDocument } from '../modules/search/index';
import type { BuildReport, Comparable, Engine } from './engine';
import { FULFILLMENT_FLAGS, MAX_VALUES_PER_FACET, SHOP_FACETS, type BenchQuery } from './queries';
import { searchText } from './text';
import { termMatches } from './typos';

const schema = {
  searchText: 'string',
  'Beverage Type': 'enum[]',
  'Closure Style': 'enum',
  Format: 'enum',
  'Produced By': 'enum',
  Varietal: 'enum',
  Vintage: 'enum',
  Volume: 'enum',
  ABV: 'number',
  fulfillment_allow_pickup_retail: 'boolean',
  fulfillment_allow_pickup_wholesale: 'boolean',
  fulfillment_deliver_retail: 'boolean',
  fulfillment_deliver_wholesale: 'boolean',
  fulfillment_ship_retail: 'boolean',
  fulfillment_ship_wholesale: 'boolean',
  location: 'geopoint',
} as const;

/** Wider than any distance on Earth (half the circumference is 20,015 km): "every distance". */
const EVERYWHERE_METERS = 21_000_000;

type OramaResult = {
  count: number;
  ids: string[];
  facets: Record<string, Record<string, number>>;
};

type Where = Record<string, unknown>;

/** Orama's where clause for a query: every condition of ours, in Orama's filters. */
function whereFor(query: BenchQuery): Where | undefined {
  const clauses: Where[] = [];
  // Whole words as exact terms; a list is any of them (the word or a term one typo away).
  for (const terms of query.alternatives.slice(0, -1)) clauses.push({ searchText: terms });
  for (const any of query.flags) {
    clauses.push(
      any.length === 1 ? { [any[0]!]: true } : { or: any.map((flag) => ({ [flag]: true })) },
    );
  }
  for (const { facet, values } of query.refinements) {
    if (facet === 'Beverage Type') clauses.push({ [facet]: { containsAny: values } });
    else if (facet === 'Vintage' || facet === 'Volume') {
      clauses.push({ [facet]: { in: values.map(Number) } });
    } else clauses.push({ [facet]: { in: values } });
  }
  if (query.abv) clauses.push({ ABV: { between: [query.abv.min, query.abv.max] } });
  if (query.geo) {
    clauses.push({
      location: {
        radius: {
          coordinates: { lat: query.geo.lat, lon: query.geo.lng },
          value: query.geo.radiusMeters ?? EVERYWHERE_METERS,
          unit: 'm',
          inside: true,
        },
      },
    });
  }
  if (clauses.length === 0) return undefined;
  // Orama ignores the other keys of an object that has 'and', so every clause goes in the list.
  return clauses.length === 1 ? clauses[0] : { and: clauses };
}

function oramaDocument(document: ProductDocument): Record<string, unknown> {
  const indexed: Record<string, unknown> = {
    id: document.objectID,
    searchText: searchText(document),
    'Beverage Type': document['Beverage Type'],
    ABV: document.ABV ?? undefined,
    location: document._geoloc
      ? { lat: document._geoloc.lat, lon: document._geoloc.lng }
      : undefined,
  };
  for (const facet of SHOP_FACETS) {
    const value = document[facet];
    // Orama has no null: a missing value is an absent property.
    if (facet !== 'Beverage Type' && value !== null && value !== undefined) indexed[facet] = value;
  }
  for (const flag of FULFILLMENT_FLAGS) indexed[flag] = document[flag];
  indexed['document'] = document;
  return indexed;
}

export class OramaEngine implements Engine<OramaResult> {
  readonly name = 'orama' as const;
  private db: AnyOrama | undefined;

  async build(documents: readonly ProductDocument[]): Promise<BuildReport> {
    const started = performance.now();
    const db = create({
      schema,
      components: { tokenizer: { stemming: false, stopWords: false } },
    });
    await insertMultiple(db, documents.map(oramaDocument) as TypedDocument<typeof db>[], 10_000);
    this.db = db;
    return { ms: performance.now() - started };
  }

  private params(query: BenchQuery, limit: number, offset: number): SearchParams<AnyOrama> {
    const params: Record<string, unknown> = { limit, offset };
    if (query.words.length > 0) {
      // The word being typed, and the starts one typo away: Orama matches each as a prefix and,
      // at its default threshold, returns documents matching any of them.
      params['term'] = query.alternatives[query.alternatives.length - 1]!.join(' ');
      params['properties'] = ['searchText'];
    }
    const where = whereFor(query);
    if (where) params['where'] = where;
    return params as SearchParams<AnyOrama>;
  }

  run(query: BenchQuery): OramaResult {
    const params = this.params(query, query.hitsPerPage, query.page * query.hitsPerPage);
    params.facets = Object.fromEntries(SHOP_FACETS.map((facet) => [facet, {}]));
    const result = search(this.db!, params) as Results<TypedDocument<AnyOrama>>;
    if (result instanceof Promise) throw new Error('Orama answered asynchronously');
    const facets: OramaResult['facets'] = {};
    for (const facet of SHOP_FACETS) facets[facet] = topOf(result.facets?.[facet]?.values ?? {});
    return { count: result.count, ids: result.hits.map((hit) => hit.id), facets };
  }

  read(raw: OramaResult): Comparable {
    return { nbHits: raw.count, pageIds: raw.ids, facets: raw.facets };
  }

  allIds(query: BenchQuery, limit: number): string[] {
    const result = search(this.db!, this.params(query, limit, 0)) as Results<
      TypedDocument<AnyOrama>
    >;
    return result.hits.map((hit) => hit.id);
  }

  /** Orama's own words of a document that match a query word where ours do not. */
  hint(document: ProductDocument, query: BenchQuery): string {
    const text = searchText(document);
    const ours = new Set(tokenize(text));
    const theirs = this.db!.tokenizer.tokenize(text, 'english', 'searchText') as string[];
    const odd = theirs.filter(
      (token) =>
        !ours.has(token) &&
        query.words.some((word, index) =>
          termMatches(token, word, index === query.words.length - 1),
        ),
    );
    if (odd.length === 0) return '';
    const sources = odd.map((token) => {
      const source = [...ours].find(
        (word) =>
          word !== token &&
          (this.db!.tokenizer.tokenize(word, 'english', 'searchText') as string[]).includes(token),
      );
      return `'${token}'${source ? ` (from '${source}')` : ''}`;
    });
    return `Orama's tokenizer splits at letters outside its English set, making ${sources.join(', ')}`;
  }

  async close(): Promise<void> {
    this.db = undefined;
  }
}

/** The top values of one facet, as ours orders them; Orama counts absent values as ''. */
function topOf(values: Record<string, number>): Record<string, number> {
  const entries = Object.entries(values).filter(([value]) => value !== '');
  entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return Object.fromEntries(entries.slice(0, MAX_VALUES_PER_FACET));
}
