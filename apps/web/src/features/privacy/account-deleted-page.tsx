import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { siteConfig } from '../../lib/site-config';
import type { AccountDeletion } from './api/account-deletion';

/** Where the deletion's summary waits for the page after the reload that logs the person out. */
export const DELETION_SUMMARY_KEY = 'bevy:account-deletion';

function readSummary(): AccountDeletion | null {
  try {
    const stored = sessionStorage.getItem(DELETION_SUMMARY_KEY);
    return stored ? (JSON.parse(stored) as AccountDeletion) : null;
  } catch {
    return null;
  }
}

/** /account/deleted: what deleting the account did, shown once the person is logged out. */
export function AccountDeletedPage() {
  useDocumentTitle(`Account deleted · ${siteConfig.siteName}`);
  const [summary] = useState(readSummary);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Your account is deleted</Title>
        <Text>
          You are logged out everywhere. Your name, email, date of birth, password, saved addresses,
          follows, marketing consents and any wholesale application are erased, and producers’
          marketing will not reach your address again. We sent a last email to confirm.
        </Text>
        {summary ? (
          <List spacing="xs">
            {summary.cancelledOrders.length > 0 ? (
              <List.Item>
                Cancelled and refunded to your card: {summary.cancelledOrders.join(', ')}.
              </List.Item>
            ) : null}
            {summary.keptOrders.length > 0 ? (
              <List.Item>
                Already on their way, left to complete: {summary.keptOrders.join(', ')}.
              </List.Item>
            ) : null}
            <List.Item>Club memberships cancelled: {summary.endedMemberships}.</List.Item>
            <List.Item>Tickets refunded: {summary.refundedTickets}.</List.Item>
          </List>
        ) : null}
        <Text>
          US alcohol law requires us to keep records of sales for 3 years: your past orders stay
          with their producers as “Deleted buyer”, with only the state and first three ZIP digits of
          addresses.
        </Text>
        <Anchor component={Link} to="/shop">
          Back to the shop
        </Anchor>
      </Stack>
    </Container>
  );
}
