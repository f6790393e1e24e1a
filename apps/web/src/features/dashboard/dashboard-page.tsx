import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { dashboardGreeting, isNewAccount } from '../../lib/new-account';
import { siteConfig } from '../../lib/site-config';
import { useMe } from '../../lib/use-me';
import { SellerOverview } from './seller-overview';
import { WholesaleOverview } from './wholesale-overview';

function StartSellingCard() {
  return (
    <Card
      component="section"
      aria-labelledby="start-selling-heading"
      withBorder
      padding="lg"
      radius="md"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="start-selling-heading">
          Start selling
        </Title>
        <Text>
          Make wine, beer, cider or spirits? Open a business page and sell to retail and wholesale
          buyers. Setting up is free.
        </Text>
        <Group>
          <Button
            component={Link}
            to="/business/new"
            leftSection={<IconBuildingStore size={18} aria-hidden />}
          >
            Create your business
          </Button>
          <Button component={Link} to="/sell" variant="default">
            How selling works
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Everything the signed-in user can do, by role: a user can be seller and wholesale buyer both. */
export function DashboardPage() {
  useDocumentTitle(`Dashboard · ${siteConfig.siteName}`);
  const { me } = useMe();
  // The route is for logged-in users only; this covers the moment before the user is known.
  if (!me) return <PageLoading />;
  const isSeller = me.works_at.length > 0;

  return (
    <Container size="lg" py="lg">
      <Title order={1}>Dashboard</Title>
      <Text mt={4} c="dark.6">
        {dashboardGreeting(me.name, isNewAccount(me.id))}
      </Text>
      <Stack gap="xl" mt="lg">
        {isSeller ? <SellerOverview /> : null}
        <WholesaleOverview me={me} />
        {isSeller ? null : <StartSellingCard />}
      </Stack>
    </Container>
  );
}
