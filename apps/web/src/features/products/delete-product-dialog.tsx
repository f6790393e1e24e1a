import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Asks before a product is deleted for good; the Cancel button takes the focus first. */
export function DeleteProductDialog({
  opened,
  productName,
  deleting,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  productName: string;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered returnFocus>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div: Mantine's <header> would count as a second page banner landmark. */}
        <Modal.Header renderRoot={(props) => <div {...props} />}>
          <Modal.Title fw={700}>Delete {productName}?</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text>
              The product and its prices leave your business page and the shop. This cannot be
              undone.
            </Text>
            {error ? (
              <Alert color="red" title="We could not delete the product">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} data-autofocus>
                Cancel
              </Button>
              <Button color="red.9" loading={deleting} onClick={onConfirm}>
                Delete product
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
