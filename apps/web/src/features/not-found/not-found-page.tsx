import { Anchor, Button, Container, Group, List, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { siteConfig } from '../../lib/site-config';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle(`Page not found · ${siteConfig.siteName}`);
  return (
    <Container size="sm" py="xl">
      <Title order={1}>We couldn't find that page</Title>
      <Text mt="md">
        There is no page at <code>{pathname}</code>. It may have moved, or the link may have a typo.
      </Text>
      <Text mt="md">Here are some places to go instead:</Text>
      <List mt="xs">
        <List.Item>
          <Anchor component={Link} to="/shop">
            Shop wine, beer, cider, spirits and more
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/sell">
            Sell your products on {siteConfig.siteName}
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor href={`mailto:${siteConfig.contactEmail}`}>Tell us about a broken link</Anchor>
        </List.Item>
      </List>
      <Group mt="xl">
        <Button component={Link} to="/shop">
          Go to the shop
        </Button>
      </Group>
    </Container>
  );
}
