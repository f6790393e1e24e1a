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
