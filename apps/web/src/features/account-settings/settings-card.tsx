import { Card, Stack, Text, Title } from '@mantine/core';
import { SuccessNotice } from '../../components/success-notice';
import type { ReactNode } from 'react';

/** One section of the settings page: a card with its heading, a line saying what it is for. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" withBorder padding="lg" radius="md" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3" id={id}>
            {title}
          </Title>
          {description ? (
            <Text fz="sm" c="dark.6" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** What the last action in a section did: a dismissible success notice, or an error. */
export function SectionStatus({
  notice,
  error,
  onDismiss,
}: {
  notice: string | null;
  error: string | null;
  onDismiss: () => void;
}) {
  return (
    <>
      {notice ? <SuccessNotice onClose={onDismiss}>{notice}</SuccessNotice> : null}
      {error ? (
        <Text c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
}
