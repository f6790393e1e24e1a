import type { ServiceContext } from '../../platform/context';
import { escapeHtml, NOINDEX_TAG, previewTags } from './head-tags';
import { matchPublicPage } from './page-routes';
import { previewOf, type PreviewContext } from './previews';

export type PageContext = Pick<ServiceContext, 'db' | 'config' | 'clock' | 'reads'>;

/** How the web app's index.html is served for one page. */
export interface PageDescription {
  /** 404 for a product, business, event or club a visitor may not see (the app still loads). */
  status: 200 | 404;
  /** Tags for the <head>. */
  tags: string;
  /** Whether `tags` hold the page's own title and description, replacing the template's. */
  ownTitle: boolean;
  indexable: boolean;
}

export function previewContext(ctx: PageContext): PreviewContext {
  return {
    db: ctx.db,
    origin: ctx.config.publicUrl,
    siteName: ctx.config.SITE_NAME,
    now: ctx.clock.now(),
  };
}

const PRIVATE: PageDescription = {
  status: 200,
  tags: NOINDEX_TAG,
  ownTitle: false,
  indexable: false,
};

/** The head of the page at `pathname`: a preview for public things, noindex for the rest. */
export async function describePage(ctx: PageContext, pathname: string): Promise<PageDescription> {
  const page = matchPublicPage(pathname);
  if (!page) return PRIVATE;
  if (page.kind === 'static') {
    const canonical = `${ctx.config.publicUrl}${pathname}`;
    return {
      status: 200,
      tags: `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      ownTitle: false,
      indexable: true,
    };
  }
  // Products and businesses change only through writes that record a business change, except a
  // product's counted stock, which sales change: its page is read every time, as are events and
  // clubs (tickets sell, time passes).
  const key = `page\n${pathname}`;
  const kept = ctx.reads.peek<PageDescription>(key);
  if (kept) return kept;
  const generation = ctx.reads.generation;
  const preview = await previewOf(previewContext(ctx), page);
  if (!preview) return { ...PRIVATE, status: 404 };
  const description: PageDescription = {
    status: 200,
    tags: previewTags(preview, ctx.config.publicUrl, ctx.config.SITE_NAME),
    ownTitle: true,
    indexable: preview.listed,
  };
  if ((page.kind === 'product' || page.kind === 'business') && !preview.showsCountedStock) {
    ctx.reads.store(key, description, generation);
  }
  return description;
}
