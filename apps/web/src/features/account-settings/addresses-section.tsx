import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StatusBadge } from '../../components/status-badge';
import { describeError } from '../../lib/server-error';
import { AddressDialog } from './address-dialog';
import {
  DELETE_SAVED_ADDRESS,
  SET_DEFAULT_SAVED_ADDRESS,
  type SavedAddress,
} from './api/account-settings';
import { SectionStatus, SettingsCard } from './settings-card';

/** The most addresses the server keeps (MAX_SAVED_ADDRESSES). */
const MAX_ADDRESSES = 20;

function AddressLines({ address }: { address: SavedAddress['address'] }) {
  return (
    <Text component="address" fs="normal" fz="sm">
      {address.name ? (
        <>
          {address.name}
          <br />
        </>
      ) : null}
      {address.line1}
      {address.line2 ? `, ${address.line2}` : ''}
      <br />
      {address.city}, {address.state} {address.zip}
    </Text>
  );
}

export function AddressesSection({
  addresses,
  onChanged,
}: {
  addresses: SavedAddress[];
  onChanged: () => void;
}) {
  // null: closed; 'new': adding; an address: editing it.
  const [dialog, setDialog] = useState<SavedAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleteState, deleteAddress] = useMutation(DELETE_SAVED_ADDRESS);
  const [, setDefault] = useMutation(SET_DEFAULT_SAVED_ADDRESS);

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await deleteAddress({ id: deleting.id });
    if (result.error) {
      setDeleteError(describeError(result.error).message);
      return;
    }
    setNotice(`${deleting.label} is deleted.`);
    setDeleting(null);
    onChanged();
  };

  const makeDefault = async (address: SavedAddress) => {
    setError(null);
    const result = await setDefault({ id: address.id });
    if (result.error) setError(describeError(result.error).message);
    else {
      setNotice(`${address.label} is now your default address.`);
      onChanged();
    }
  };

  return (
    <SettingsCard
      title="Saved addresses"
      description={`Addresses to ship or deliver to, offered at checkout. You can keep up to ${MAX_ADDRESSES}.`}
    >
      <SectionStatus notice={notice} error={error} onDismiss={() => setNotice(null)} />
      {addresses.length === 0 ? (
        <Text c="dark.6">You have no saved addresses yet.</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {addresses.map((saved) => (
            <Card component="li" key={saved.id} withBorder padding="md" radius="sm">
              <Stack gap="xs">
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text fw={700} truncate>
                    {saved.label}
                  </Text>
                  {saved.isDefault ? <StatusBadge color="blue">Default</StatusBadge> : null}
                </Group>
                <AddressLines address={saved.address} />
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setDialog(saved)}
                    aria-label={`Edit ${saved.label}`}
                  >
                    Edit
                  </Button>
                  {saved.isDefault ? null : (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => void makeDefault(saved)}
                      aria-label={`Make ${saved.label} the default`}
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(saved);
                    }}
                    aria-label={`Delete ${saved.label}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Group>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          variant="light"
          disabled={addresses.length >= MAX_ADDRESSES}
          onClick={() => setDialog('new')}
        >
          Add an address
        </Button>
      </Group>
      {dialog ? (
        <AddressDialog
          key={dialog === 'new' ? 'new' : dialog.id}
          opened
          editing={dialog === 'new' ? null : dialog}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            setDialog(null);
            setNotice(message);
            onChanged();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.label ?? 'this address'}?`}
        message="The address is removed from your account. Orders already placed keep their address."
        confirmLabel="Delete address"
        busy={deleteState.fetching}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </SettingsCard>
  );
}
