import { Modal } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A Mantine Modal with a labeled close button, whose header is a plain div (Mantine's <header>
 * counts as a second page banner landmark).
 */
export function DialogModal({
  opened,
  onClose,
  title,
  size,
  returnFocus = true,
  style,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  returnFocus?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      centered
      size={size}
      returnFocus={returnFocus}
      style={style}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header renderRoot={(props) => <div {...props} />}>
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
