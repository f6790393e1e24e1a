import { businessPath } from '../../components/business-nav';

/** Router state the product form leaves for Manage Products: what just happened, to announce. */
export interface ManageNotice {
  notice: string;
}

export const manageProductsPath = (slug: string) => `${businessPath(slug)}/products`;

/** The notice in a location's state, if the product form left one. */
export function noticeFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state as { notice: unknown };
  return typeof notice === 'string' && notice !== '' ? notice : null;
}
