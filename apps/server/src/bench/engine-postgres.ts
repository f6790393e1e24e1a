// PostgreSQL as a search engine, done the way one would do it without extensions: a tsvector
// column ('simple' configuration, GIN index), prefix terms with ':*', facet counts with GROUP BY,
// the haversine distance of packages/core/src/geo.ts in SQL behind a bounding-box index, and one
// statement per search so a request costs one round trip.
import { EARTH_RADIUS_METERS } from '@bevy/core';
import pg from 'pg';
import type { ProductDocument } from '../modules/search/index';
import type { BuildReport, Comparable, Engine } from './engine';
import {
  FULFILLMENT_FLAGS,
  MAX_VALUES_PER_FACET,
  SHOP_FACETS,
  type BenchQuery,
  type ShopFacet,
} from './queries';
import { searchText } from './text';

const TABLE = 'bench_products';
const DOCS = 'bench_product_docs';

/** Facet -> the SQL column, and the type its filter values are compared as. */
const FACET_COLUMNS: Record<ShopFacet, { column: string; type: 'text' | 'int' | 'array' }> = {
  'Beverage Type': { column: 'beverage_type', type: 'array' },
  'Closure Style': { column: 'closure_style', type: 'text' },
  Format: { column: 'format', type: 'text' },
  'Produced By': { column: 'produced_by', type: 'text' },
  Varietal: { column: 'varietal', type: 'text' },
  Vintage: { column: 'vintage', type: 'int' },
  Volume: { column: 'volume', type: 'int' },
};

/** A PostgreSQL array literal of strings. */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

interface Sql {
  text: string;
  values: unknown[];
}

function haversine(lat: string, lng: string): string {
  // Same formula and radius as distanceMeters in packages/core/src/geo.ts.
  return (
    `2 * ${EARTH_RADIUS_METERS} * asin(least(1, sqrt(` +
    `power(sin(radians(lat - ${lat}) / 2), 2) + ` +
    `cos(radians(${lat})) * cos(radians(lat)) * power(sin(radians(lng - ${lng}) / 2), 2))))`
  );
}

/** WHERE conditions, rank and distance expressions for a query; values go to `values`. */
function conditions(query: BenchQuery, values: unknown[]) {
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where: string[] = [];
  let rank = '0::float4';
  let distance = '0::float8';
  if (query.words.length > 0) {
    // Each word as the terms it stands for under our typo rule: (word | typo) & (prefix:* | ...).
    const last = query.words.length - 1;
    const tsquery = query.alternatives
      .map((terms, i) => `(${terms.map((term) => (i === last ? `${term}:*` : term)).join(' | ')})`)
      .join(' & ');
    const q = `to_tsquery('simple', ${param(tsquery)})`;
    where.push(`tsv @@ ${q}`);
    rank = `ts_rank(tsv, ${q})`;
  }
  for (const any of query.flags) {
    for (const flag of any) if (!FULFILLMENT_FLAGS.includes(flag)) throw new Error(flag);
    where.push(`(${any.join(' OR ')})`);
  }
  for (const { facet, values: wanted } of query.refinements) {
    const { column, type } = FACET_COLUMNS[facet];
    if (type === 'array') where.push(`${column} && ${param(textArray(wanted))}::text[]`);
    else if (type === 'int') where.push(`${column} = ANY(${param(wanted.map(Number))}::int[])`);
    else where.push(`${column} = ANY(${param(wanted)}::text[])`);
  }
  if (query.abv) {
    where.push(`abv >= ${param(query.abv.min)} AND abv <= ${param(query.abv.max)}`);
  }
  if (query.geo) {
    const lat = `${param(query.geo.lat)}::float8`;
    const lng = `${param(query.geo.lng)}::float8`;
    distance = haversine(lat, lng);
    where.push('lat IS NOT NULL');
    const radius = query.geo.radiusMeters;
    if (radius !== null) {
      // A box a little larger than the circle lets the GiST index narrow the rows first.
      const dLat = ((radius / EARTH_RADIUS_METERS) * 180) / Math.PI + 1e-4;
      const farLat = Math.min(89.9, Math.abs(query.geo.lat) + dLat);
      const dLng = Math.min(180, dLat / Math.cos((farLat * Math.PI) / 180) + 1e-4);
      const box = [
        query.geo.lng - dLng,
        query.geo.lat - dLat,
        query.geo.lng + dLng,
        query.geo.lat + dLat,
      ].map((value) => `${param(value)}::float8`);
      where.push(
        `point(lng, lat) <@ box(point(${box[0]}, ${box[1]}), point(${box[2]}, ${box[3]}))`,
      );
      where.push(`${distance} <= ${param(radius)}`);
    }
  }
  return { where: where.length > 0 ? where.join(' AND ') : 'true', rank, distance };
}

function facetSelect(facet: ShopFacet): string {
  const { column, type } = FACET_COLUMNS[facet];
  // A product lists each beverage type once, so counting unnested rows counts products.
  const source =
    type === 'array'
      ? `SELECT v, count(*) AS c FROM m, unnest(m.${column}) AS v GROUP BY v`
      : `SELECT ${column}::text AS v, count(*) AS c FROM m WHERE ${column} IS NOT NULL GROUP BY v`;
  return (
    `(SELECT json_object_agg(v, c) FROM (${source} ORDER BY c DESC, v ` +
    `LIMIT ${MAX_VALUES_PER_FACET}) AS f) AS "${facet}"`
  );
}

/** One statement: matches (materialized once), the page of documents, the count, the facets. */
export function searchSql(query: BenchQuery): Sql {
  const values: unknown[] = [];
  const { where, rank, distance } = conditions(query, values);
  const order = 'rank DESC, dist, has_image DESC, name, id';
  const limit = `$${values.push(query.hitsPerPage)}`;
  const offset = `$${values.push(query.page * query.hitsPerPage)}`;
  const text = `
WITH m AS MATERIALIZED (
  SELECT id, has_image, name, beverage_type, produced_by, varietal, vintage, closure_style, format,
         volume, ${rank} AS rank, ${distance} AS dist
  FROM ${TABLE} WHERE ${where}
), page AS (
  SELECT id, rank, dist, has_image, name FROM m ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
)
SELECT (SELECT count(*) FROM m)::int AS "nbHits",
  (SELECT coalesce(json_agg(d.doc ORDER BY ${order
    .split(', ')
    .map((part) => `page.${part}`)
    .join(', ')}), '[]'::json)
   FROM page JOIN ${DOCS} AS d USING (id)) AS hits,
  ${SHOP_FACETS.map(facetSelect).join(',\n  ')}`;
  return { text, values };
}

interface Row {
  nbHits: number;
  hits: ProductDocument[];
  [facet: string]: unknown;
}

export class PostgresEngine implements Engine<Row> {
  readonly name = 'postgres' as const;
  private client: pg.Client;

  constructor(private readonly connectionString: string) {
    this.client = new pg.Client({ connectionString });
  }

  async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch (error) {
      if ((error as { code?: string }).code !== '3D000') throw error;
      // The benchmark's database does not exist yet: create it from the maintenance database.
      const url = new URL(this.connectionString);
      const name = decodeURIComponent(url.pathname.slice(1));
      url.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await admin.end();
      }
      this.client = new pg.Client({ connectionString: this.connectionString });
      await this.client.connect();
    }
    // Tuned as one would for this workload: the matches of a broad query (tens of MB at 1M
    // products) stay in memory instead of spilling to temporary files, and JIT compilation,
    // which costs tens of milliseconds per statement here and gains nothing, is off.
    await this.client.query(`SET work_mem = '256MB'`);
    await this.client.query('SET jit = off');
  }

  async build(documents: readonly ProductDocument[]): Promise<BuildReport> {
    const started = performance.now();
    await this.client.query(`DROP TABLE IF EXISTS ${DOCS}, ${TABLE}`);
    await this.client.query(`
      CREATE TABLE ${TABLE} (
        id integer PRIMARY KEY,
        name text NOT NULL,
        has_image boolean NOT NULL,
        beverage_type text[] NOT NULL,
        produced_by text NOT NULL,
        varietal text,
        vintage integer,
        closure_style text,
        format text,
        volume integer,
        abv double precision,
        ${FULFILLMENT_FLAGS.map((flag) => `${flag} boolean NOT NULL`).join(',\n')},
        lat double precision,
        lng double precision,
        tsv tsvector NOT NULL
      )`);
    // Whole documents apart, so scans of the search table read narrow rows.
    await this.client.query(`CREATE TABLE ${DOCS} (id integer PRIMARY KEY, doc jsonb NOT NULL)`);
    const batch = 2000;
    for (let start = 0; start < documents.length; start += batch) {
      const slice = documents.slice(start, start + batch);
      const column = <T>(get: (document: ProductDocument) => T) => slice.map(get);
      await this.client.query(
        `INSERT INTO ${TABLE} SELECT id, name, has_image, beverage_type::text[], produced_by,
           varietal, vintage, closure_style, format, volume, abv,
           ${FULFILLMENT_FLAGS.join(', ')}, lat, lng, to_tsvector('simple', search_text)
         FROM unnest($1::int[], $2::text[], $3::bool[], $4::text[], $5::text[], $6::text[],
           $7::int[], $8::text[], $9::text[], $10::int[], $11::float8[], $12::bool[], $13::bool[],
           $14::bool[], $15::bool[], $16::bool[], $17::bool[], $18::float8[], $19::float8[],
           $20::text[])
           AS u(id, name, has_image, beverage_type, produced_by, varietal, vintage, closure_style,
             format, volume, abv, ${FULFILLMENT_FLAGS.join(', ')}, lat, lng, search_text)`,
        [
          column((d) => Number(d.objectID)),
          column((d) => d.name),
          column((d) => d.hasImage),
          column((d) => textArray(d['Beverage Type'])),
          column((d) => d['Produced By']),
          column((d) => d.Varietal),
          column((d) => d.Vintage),
          column((d) => d['Closure Style']),
          column((d) => d.Format),
          column((d) => d.Volume),
          column((d) => d.ABV),
          ...FULFILLMENT_FLAGS.map((flag) => column((d) => d[flag])),
          column((d) => d._geoloc?.lat ?? null),
          column((d) => d._geoloc?.lng ?? null),
          column(searchText),
        ],
      );
      await this.client.query(`INSERT INTO ${DOCS} SELECT * FROM unnest($1::int[], $2::jsonb[])`, [
        column((d) => Number(d.objectID)),
        column((d) => JSON.stringify(d)),
      ]);
    }
    const loaded = performance.now();
    for (const statement of [
      `CREATE INDEX ON ${TABLE} USING gin (tsv)`,
      `CREATE INDEX ON ${TABLE} USING gin (beverage_type)`,
      `CREATE INDEX ON ${TABLE} (varietal)`,
      `CREATE INDEX ON ${TABLE} (produced_by)`,
      `CREATE INDEX ON ${TABLE} (closure_style)`,
      `CREATE INDEX ON ${TABLE} (format)`,
      `CREATE INDEX ON ${TABLE} (vintage)`,
      `CREATE INDEX ON ${TABLE} (volume)`,
      `CREATE INDEX ON ${TABLE} USING gist (point(lng, lat))`,
      `CREATE INDEX ON ${TABLE} (has_image DESC, name, id)`,
      `VACUUM ANALYZE ${TABLE}`,
      `VACUUM ANALYZE ${DOCS}`,
    ]) {
      await this.client.query(statement);
    }
    const done = performance.now();
    return {
      ms: done - started,
      parts: { load: loaded - started, indexes: done - loaded },
    };
  }

  run(query: BenchQuery): Promise<Row> {
    const { text, values } = searchSql(query);
    return this.client.query<Row>(text, values).then((result) => result.rows[0]!);
  }

  read(raw: Row): Comparable {
    const facets: Comparable['facets'] = {};
    for (const facet of SHOP_FACETS) {
      facets[facet] = (raw[facet] as Record<string, number> | null) ?? {};
    }
    return { nbHits: raw.nbHits, pageIds: raw.hits.map((hit) => hit.objectID), facets };
  }

  async allIds(query: BenchQuery, limit: number): Promise<string[]> {
    const values: unknown[] = [];
    const { where, distance } = conditions(query, values);
    // The distance is selected only so that every parameter is used (a delivery query's origin
    // appears nowhere else).
    const result = await this.client.query<{ id: number }>(
      `SELECT id, ${distance} AS dist FROM ${TABLE} WHERE ${where} LIMIT ${limit}`,
      values,
    );
    return result.rows.map((row) => String(row.id));
  }

  /** Table and index sizes, for the report. */
  async sizes(): Promise<{ table: number; indexes: number; documents: number }> {
    const result = await this.client.query<{ table: string; indexes: string; documents: string }>(
      `SELECT pg_table_size('${TABLE}') AS table, pg_indexes_size('${TABLE}') AS indexes,
              pg_total_relation_size('${DOCS}') AS documents`,
    );
    const row = result.rows[0]!;
    return {
      table: Number(row.table),
      indexes: Number(row.indexes),
      documents: Number(row.documents),
    };
  }

  async close(): Promise<void> {
    await this.client.query(`DROP TABLE IF EXISTS ${DOCS}, ${TABLE}`);
    await this.client.end();
  }
}
