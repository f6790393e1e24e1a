import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/**
 * A statement that every checkout sends, built once per database handle with placeholders and
 * prepared under its name: Drizzle writes its SQL once, and PostgreSQL parses and plans it once
 * per connection rather than on every checkout.
 */
export function preparedPerDb<Prepared>(build: (db: Db) => Prepared): (db: Db) => Prepared {
  const built = new WeakMap<Db, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}

const dialect = new PgDialect();

/**
 * A statement spelled out in SQL (a data-modifying WITH that Drizzle's builders cannot write),
 * its values all placeholders, prepared under its name like `preparedPerDb`'s but run on any
 * handle, a transaction's too: its text is written once, and each connection parses it once.
 * Resolves to the driver's result (see rowsOf).
 */
export function preparedSql(
  name: string,
  build: () => SQL,
): (db: Db, values: Record<string, unknown>) => Promise<unknown> {
  let query: Query | undefined;
  return (db, values) => {
    query ??= dialect.sqlToQuery(build());
    return db._.session.prepareQuery(query, undefined, name, false).execute(values);
  };
}
