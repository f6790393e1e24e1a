import { Container, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { siteConfig } from '../../lib/site-config';

/** The narrow, centerd frame shared by the sign-up, log-in and password pages. */
export function AccountPageFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · ${siteConfig.siteName}`);
  return (
    <Container size={460} py="xl">
      <Title order={1}>{title}</Title>
      {intro ? (
        <Text mt="xs" c="dark.6">
          {intro}
        </Text>
      ) : null}
      <Paper withBorder p="lg" mt="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
