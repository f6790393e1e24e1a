/** Shapes of the admin GraphQL API, as the admin's documents select them. */
import type { ResultOf } from '../../lib/graphql';
import type { ADMIN_BANNERS } from './api/banners';
import type { MAIL_OUTBOX } from './api/mail';
import type { TAG_CATEGORIES } from './api/tags';
import type { ADMIN_USER_FIELDS } from './api/users';
import type { APPLICATION_FIELDS } from './api/wholesale';

export type AdminUser = ResultOf<typeof ADMIN_USER_FIELDS>;
export type WholesaleApplication = ResultOf<typeof APPLICATION_FIELDS>;
export type WholesaleStatus = WholesaleApplication['status'];
export type AdminBanner = ResultOf<typeof ADMIN_BANNERS>['adminBanners'][number];
export type TagCategory = ResultOf<typeof TAG_CATEGORIES>['tagCategories'][number];
export type Tag = TagCategory['categorizes'][number];
export type OutboxMessage = ResultOf<typeof MAIL_OUTBOX>['mailOutbox']['messages'][number];
