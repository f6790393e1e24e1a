import { Select } from '@mantine/core';
import { useQuery } from 'urql';
import { CHECKOUT_SAVED_ADDRESSES, type CheckoutSavedAddress } from './api/saved-addresses';

const summary = ({ label, address }: CheckoutSavedAddress) =>
  `${label}: ${address.line1}, ${address.city}, ${address.state} ${address.zip}`;

/**
 * "Use a saved address": fills an address of the checkout form from one the buyer saved in their
 * account settings. Nothing shows for a buyer without saved addresses, or while they load.
 */
export function SavedAddressPicker({
  onPick,
}: {
  onPick: (address: CheckoutSavedAddress['address']) => void;
}) {
  const [{ data }] = useQuery({ query: CHECKOUT_SAVED_ADDRESSES });
  const saved = data?.savedAddresses ?? [];
  if (saved.length === 0) return null;
  return (
    <Select
      label="Use a saved address"
      placeholder="Choose one to fill the fields in"
      data={saved.map((entry) => ({ value: String(entry.id), label: summary(entry) }))}
      value={null}
      onChange={(id) => {
        const picked = saved.find((entry) => String(entry.id) === id);
        if (picked) onPick(picked.address);
      }}
      allowDeselect={false}
    />
  );
}
