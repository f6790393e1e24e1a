export const BANNER_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];
