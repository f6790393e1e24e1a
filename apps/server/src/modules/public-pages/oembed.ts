import { escapeHtml } from './head-tags';
import { matchPublicPage } from './page-routes';
import { previewOf, type Preview, type PreviewContext } from './previews';
import { SHARE_IMAGE } from './share-card';

/** oEmbed (https://oembed.com): a public page's URL answered with the embed widget's snippet. */

export type OembedAnswer =
  | { status: 200; body: Record<string, unknown> }
  | { status: 400 | 404 | 501; code: string; message: string };

/** The widget's natural size for each kind of thing, shrunk to the consumer's maximum. */
const SIZES: Record<Preview['kind'], { width: number; height: number }> = {
  product: { width: 400, height: 560 },
  business: { width: 800, height: 900 },
  event: { width: 400, height: 480 },
  club: { width: 400, height: 480 },
};

export interface OembedQuery {
  url?: unknown;
  format?: unknown;
  maxwidth?: unknown;
  maxheight?: unknown;
}

function dimension(value: unknown): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^[1-9]\d{0,4}$/.test(value)) return null;
  return Number(value);
}

/** The widget's markup: one custom element and the script that defines it. */
export function embedHtml(origin: string, attributes: Record<string, string>): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<bevy-shop${attrs}></bevy-shop><script async src="${escapeHtml(origin)}/embed.js"></script>`;
}

export async function oembed(ctx: PreviewContext, query: OembedQuery): Promise<OembedAnswer> {
  if ((query.format ?? 'json') !== 'json') {
    return { status: 501, code: 'NOT_IMPLEMENTED', message: 'Only format=json is offered.' };
  }
  const maxWidth = dimension(query.maxwidth);
  const maxHeight = dimension(query.maxheight);
  if (maxWidth === null || maxHeight === null) {
    return {
      status: 400,
      code: 'BAD_USER_INPUT',
      message: 'maxwidth and maxheight must be whole numbers of pixels.',
    };
  }
  if (typeof query.url !== 'string' || query.url === '') {
    return { status: 400, code: 'BAD_USER_INPUT', message: 'Give the page to embed as url.' };
  }
  const notFound = {
    status: 404,
    code: 'NOT_FOUND',
    message: 'There is no product, producer, event or club at that address.',
  } as const;
  let url: URL;
  try {
    url = new URL(query.url);
  } catch {
    return notFound;
  }
  const site = new URL(ctx.origin);
  // Only our own pages: a foreign host is simply not one of ours.
  if (url.host !== site.host || !/^https?:$/.test(url.protocol)) return notFound;
  const page = matchPublicPage(url.pathname);
  const preview = page ? await previewOf(ctx, page) : null;
  if (!preview) return notFound;
  const size = SIZES[preview.kind];
  return {
    status: 200,
    body: {
      version: '1.0',
      type: 'rich',
      title: preview.title,
      author_name: preview.author.name,
      author_url: preview.author.url,
      provider_name: ctx.siteName,
      provider_url: ctx.origin,
      cache_age: 3600,
      thumbnail_url: preview.image.url,
      thumbnail_width: SHARE_IMAGE.width,
      thumbnail_height: SHARE_IMAGE.height,
      html: embedHtml(ctx.origin, preview.embed),
      width: Math.min(size.width, maxWidth ?? size.width),
      height: Math.min(size.height, maxHeight ?? size.height),
    },
  };
}
