import { Alert, Anchor, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { FRAMED_BUSINESS } from '../lib/api/business';
import type { ResultOf } from '../lib/graphql';
import { siteConfig } from '../lib/site-config';
import { BusinessNav, businessPath, useManagesBusiness } from './business-nav';

/** What every seller page of a business knows about it. */
export type FramedBusiness = NonNullable<ResultOf<typeof FRAMED_BUSINESS>['business']>;

/** Spec "Edit Profile page": 'loading' while loading. */
export function BusinessLoading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Text ml="sm">loading</Text>
    </Center>
  );
}

/** Spec: 'no business here' when no business has that slug; `way` leads somewhere useful. */
export function NoBusinessHere({
  way = { to: '/dashboard', label: 'Back to your dashboard' },
}: {
  way?: { to: string; label: string };
}) {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>no business here</Title>
      <Text mt="md">
        We could not find a producer at this address.{' '}
        <Anchor component={Link} to={way.to}>
          {way.label}
        </Anchor>
      </Text>
    </Container>
  );
}

/**
 * A seller page of the business named in the URL (`:slug`): its loading, missing and refused
 * states, then the business navigation block, the page's heading and `children`. The server
 * refuses non-members whatever this shows; this only spares them a page of errors.
 */
export function BusinessFrame({
  title,
  children,
}: {
  /** The page's heading, e.g. business => `Edit ${business.name}`. */
  title: (business: FramedBusiness) => string;
  children: (business: FramedBusiness) => ReactNode;
}) {
  const { slug = '' } = useParams();
  const [{ data, fetching, error }] = useQuery({
    query: FRAMED_BUSINESS,
    variables: { slug },
  });
  const { manages, fetching: fetchingMe } = useManagesBusiness(slug);
  const business = data?.business ?? null;
  useDocumentTitle(`${business ? title(business) : 'Business'} · ${siteConfig.siteName}`);

  if ((fetching && !data) || fetchingMe) return <BusinessLoading />;
  if (error) {
    return (
      <Container size="lg" py="xl">
        <Title order={1}>Something went wrong</Title>
        <Text mt="md" role="alert">
          {error.graphQLErrors[0]?.message ?? error.message}
        </Text>
      </Container>
    );
  }
  if (!business) return <NoBusinessHere />;
  if (!manages) {
    return (
      <Container size="lg" py="xl">
        <Title order={1}>{business.name}</Title>
        <Alert color="red" title="You cannot manage this business" mt="md">
          Only people who work at {business.name} can change it.{' '}
          <Anchor component={Link} to={businessPath(business.slug)}>
            See its public page
          </Anchor>
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <BusinessNav slug={business.slug} />
        <Title order={1}>{title(business)}</Title>
        {children(business)}
      </Stack>
    </Container>
  );
}
