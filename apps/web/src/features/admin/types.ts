/** Shapes of the admin GraphQL API (see the issue 3 API contract). */

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

export type WholesaleStatus = 'pending' | 'approved' | 'rejected';

export interface WholesaleApplication {
  id: number;
  businessName: string;
  licenseType: string;
  licenseNumber: string;
  issuingState: string;
  licenseExpiresOn: string;
  documentName: string;
  documentType: string;
  documentUrl: string;
  status: WholesaleStatus;
  rejectionReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
  applicant: { id: number; name: string; email: string };
}

export interface AdminBanner {
  id: number;
  type: string;
  lines: string[];
  link: { url: string; title: string } | null;
  dismissible: boolean;
  active: boolean;
  position: number;
}

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
