import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';

/** A banner as the contract's `GET /banners` returns it. */
export interface PublicBanner {
  type: string;
  lines: string[];
  link: { url: string; title: string } | null;
  dismissible: boolean;
}

/** The banners shown to everyone, from the read cache (banner edits record a site change). */
export function listActiveBanners(
  ctx: Pick<ServiceContext, 'db' | 'reads'>,
): Promise<PublicBanner[]> {
  return ctx.reads.get('banners', () => readActiveBanners(ctx.db));
}

async function readActiveBanners(db: Db): Promise<PublicBanner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(eq(banners.active, true))
    .orderBy(asc(banners.position), asc(banners.id));
  return rows.map((row) => ({
    type: row.type,
    lines: row.lines,
    link: row.link_url ? { url: row.link_url, title: row.link_title ?? row.link_url } : null,
    dismissible: row.dismissible,
  }));
}
