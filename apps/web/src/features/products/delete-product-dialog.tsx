import { ConfirmDialog } from '../../components/confirm-dialog';

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
    <ConfirmDialog
      opened={opened}
      title={`Delete ${productName}?`}
      message="The product and its prices leave your business page and the shop. This cannot be undone."
      confirmLabel="Delete product"
      busy={deleting}
      error={error}
      errorTitle="We could not delete the product"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
