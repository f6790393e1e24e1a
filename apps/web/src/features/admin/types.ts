/** Shapes of the admin GraphQL API (see the issue 3 API contract). */
import type { AdminBannerView, WholesaleApplicationView } from '@bevy/core';

export type WholesaleApplication = WholesaleApplicationView;
export type AdminBanner = AdminBannerView;

export interface AdminUser {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  disabled: boolean;
  createdAt: string;
  seesWholesalePricing: boolean;
  wholesaleAccessExpiresOn: string | null;
}

export type { WholesaleStatus } from '@bevy/core';

export interface Tag {
  id: number;
  name: string;
}

export interface TagCategory extends Tag {
  categorizes: Tag[];
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  transport: string;
  createdAt: string;
}
