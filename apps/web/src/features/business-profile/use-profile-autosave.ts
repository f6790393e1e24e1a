import { addressUpdateSchema, businessUpdateSchema } from '@bevy/core/business-schemas';
import { useEffect, useState } from 'react';
import { useClient, type CombinedError } from 'urql';
import { BatchedUpdates, PerFieldUpdates, type BatchState } from '../../lib/batched-updates';
import { describeError } from '../../lib/server-error';
import type { AddressField } from './address-fields';
import { UPDATE_ADDRESS, UPDATE_BUSINESS, type BusinessProfile } from './api/profile';

/** Spec 7: business fields are batched for 1 second, address fields sent after 500 ms. */
const BUSINESS_BATCH_DELAY_MS = 1000;
const ADDRESS_QUIET_DELAY_MS = 500;

/** The business fields this page edits, as UpdateBusiness takes them. */
export type ProfileFields = Pick<
  BusinessProfile,
  | 'name'
  | 'description'
  | 'website'
  | 'international_phone_number'
  | 'sales_tax_rate'
  | 'heroImgUrl'
  | 'logoImgUrl'
  | 'license_info'
  | 'twitter'
  | 'instagram'
  | 'facebook'
  | 'linkedin'
  | 'fulfillment_allow_pickup_retail'
  | 'fulfillment_allow_pickup_wholesale'
  | 'fulfillment_deliver_retail'
  | 'fulfillment_deliver_wholesale'
  | 'fulfillment_ship_retail'
  | 'fulfillment_ship_wholesale'
  | 'fulfillment_deliver_retail_radius_miles'
  | 'fulfillment_deliver_wholesale_radius_miles'
  | 'ship_to_states'
  | 'pickup_hours'
  | 'wholesale_invoice_terms_days'
>;
export type ProfileField = keyof ProfileFields;
export type AddressFields = Record<AddressField, string | null>;

/** Where the page's messages go: business fields by name, address fields as "address.<name>". */
export type FieldErrors = Record<string, string>;
export const addressErrorKey = (field: AddressField) => `address.${field}`;

/** What the status line says: nothing yet, saving, all saved, or something was not saved. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** The set form of UpdateBusiness and UpdateAddress: { name: { set: 'New' } }. */
const toSetForm = (changes: object) =>
  Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, { set: value }]));

/** Every field the refusal names, with its message. */
function refusedFields(error: CombinedError): { fields: Record<string, string>; message: string } {
  const { fields, field, message } = describeError(error);
  return {
    fields: { ...fields, ...(field && !(field in fields) ? { [field]: message } : {}) },
    message,
  };
}

/**
 * Autosave for the Edit Public Profile page: `editBusiness` and `editAddress` queue a field's new
 * value; they are checked with the shared rules, then sent (UpdateBusiness batched, UpdateAddress
 * per field). A refused value keeps its message in `errors` until a later value for that field is
 * accepted; what the user typed stays on the page either way.
 */
export function useProfileAutosave({
  slug,
  addressId,
}: {
  slug: string;
  addressId: string | null;
}) {
  const client = useClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  /** A refusal that names no field (no connection, no permission), for the whole page. */
  const [pageError, setPageError] = useState<string | null>(null);
  const [businessState, setBusinessState] = useState<BatchState>('idle');
  const [addressState, setAddressState] = useState<BatchState>('idle');
  const [savedOnce, setSavedOnce] = useState(false);

  const updateErrors = (accepted: string[], refused: Record<string, string>) =>
    setErrors((current) => {
      const next = { ...current };
      for (const key of accepted) delete next[key];
      return { ...next, ...refused };
    });

  const [{ business, address, resend }] = useState(() => {
    // Values the server never answered for (no connection, a refusal naming no field): sent
    // again with the next save that goes through, or by "Try again".
    let unsentBusiness: Partial<ProfileFields> = {};
    let unsentAddress: Partial<AddressFields> = {};

    /** Queues the unsent values again, except those the user has changed since. */
    const resend = (justSent: object = {}) => {
      const fields = Object.entries(unsentBusiness) as [ProfileField, never][];
      unsentBusiness = {};
      for (const [field, value] of fields) {
        if (!(field in justSent) && !business.has(field)) business.edit(field, value);
      }
      const addressFields = Object.entries(unsentAddress) as [AddressField, string | null][];
      unsentAddress = {};
      for (const [field, value] of addressFields) {
        if (!(field in justSent) && !address.has(field)) address.edit(field, value);
      }
    };

    const saved = (accepted: string[], refused: Record<string, string>, justSent: object) => {
      updateErrors(accepted, refused);
      setPageError(null);
      setSavedOnce(true);
      resend(justSent);
    };

    const business = new BatchedUpdates<ProfileFields>({
      delayMs: BUSINESS_BATCH_DELAY_MS,
      onStateChange: setBusinessState,
      send: async (changes) => {
        const checked = businessUpdateSchema.safeParse(changes);
        const invalid: Record<string, string> = {};
        if (!checked.success) {
          for (const issue of checked.error.issues) {
            const field = String(issue.path[0]);
            invalid[field] ??= issue.message;
          }
        }
        const sendable = Object.fromEntries(
          Object.entries(changes).filter(([field]) => !(field in invalid)),
        ) as Partial<ProfileFields>;
        if (Object.keys(sendable).length === 0) {
          updateErrors([], invalid);
          return;
        }
        const result = await client
          .mutation(UPDATE_BUSINESS, { slug, update: toSetForm(sendable) })
          .toPromise();
        if (!result.error) {
          saved(Object.keys(sendable), invalid, sendable);
          return;
        }
        const refused = refusedFields(result.error);
        const named = Object.keys(sendable).filter((field) => field in refused.fields);
        if (named.length === 0) {
          updateErrors([], invalid);
          setPageError(refused.message);
          unsentBusiness = { ...unsentBusiness, ...sendable };
          return;
        }
        updateErrors([], { ...invalid, ...refused.fields });
        // The server refuses a batch as a whole; the fields it did not name can still be saved.
        for (const [field, value] of Object.entries(sendable) as [ProfileField, never][]) {
          if (!named.includes(field) && !business.has(field)) business.edit(field, value);
        }
      },
    });

    const address = new PerFieldUpdates<AddressFields>({
      delayMs: ADDRESS_QUIET_DELAY_MS,
      onStateChange: setAddressState,
      send: async (field, value) => {
        const key = addressErrorKey(field);
        const checked = addressUpdateSchema.safeParse({ [field]: value });
        if (!checked.success) {
          updateErrors([], { [key]: checked.error.issues[0]?.message ?? 'Check this field.' });
          return;
        }
        if (!addressId) return;
        const result = await client
          .mutation(UPDATE_ADDRESS, { addressId, data: toSetForm({ [field]: value }) })
          .toPromise();
        if (!result.error) {
          saved([key], {}, { [field]: value });
          return;
        }
        const refused = refusedFields(result.error);
        const message = refused.fields[field];
        if (message) {
          updateErrors([], { [key]: message });
        } else {
          setPageError(refused.message);
          unsentAddress = { ...unsentAddress, [field]: value };
        }
      },
    });
    return { business, address, resend };
  });

  // Leaving the page: send what is waiting rather than drop it, and ask before closing the tab
  // while something is still unsent.
  useEffect(() => {
    const warnWhileUnsaved = (event: BeforeUnloadEvent) => {
      if (business.state === 'idle' && address.state === 'idle') return;
      void business.flush();
      void address.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warnWhileUnsaved);
    return () => {
      window.removeEventListener('beforeunload', warnWhileUnsaved);
      void business.flush();
      void address.flush();
    };
  }, [business, address]);

  const busy = businessState !== 'idle' || addressState !== 'idle';
  const status: SaveStatus = busy
    ? 'saving'
    : pageError || Object.keys(errors).length > 0
      ? 'failed'
      : savedOnce
        ? 'saved'
        : 'idle';

  return {
    editBusiness: <Field extends ProfileField>(field: Field, value: ProfileFields[Field]) =>
      business.edit(field, value),
    editAddress: (field: AddressField, value: string | null) => address.edit(field, value),
    /** Sends what is waiting now, e.g. for a "Try again" after a lost connection. */
    retry: () => {
      setPageError(null);
      resend();
      void business.flush();
      void address.flush();
    },
    errors,
    pageError,
    status,
  };
}
