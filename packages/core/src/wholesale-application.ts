export const LICENSE_TYPES = [
  'Retailer (off-premises)',
  'Bar or restaurant (on-premises)',
  'Wholesaler or distributor',
  'Caterer or event venue',
  'Other',
] as const;

/** License documents: what we accept and how big. */
export const LICENSE_DOCUMENT_TYPES = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
} as const;
export type LicenseDocumentType = keyof typeof LICENSE_DOCUMENT_TYPES;
export const LICENSE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Days before a license expires that its holder is reminded. */
export const WHOLESALE_REMINDER_DAYS = 30;
