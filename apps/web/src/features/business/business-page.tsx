import { SOCIAL_NETWORKS, type SocialNetwork } from '@bevy/core';
import {
  ActionIcon,
  Anchor,
  Box,
  Container,
  Grid,
  Group,
  Image,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconClock,
  IconMapPin,
  IconPhone,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { BusinessEvents } from './business-events';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { NoBusinessHere } from '../../components/business-frame';
import { PageLoading } from '../../components/page-loading';
import { BusinessNav } from '../../components/business-nav';
import { FollowButton } from './follow-button';
import { ShareButton } from '../../components/share-button';
import { siteConfig, telHref } from '../../lib/site-config';
import { safeLinkTarget } from '../../lib/safe-url';
import { useBuyerKind } from '../../lib/use-me';
import { usePainted } from '../../lib/use-painted';
import type { ResultOf } from '../../lib/graphql';
import { BUSINESS_BY_SLUG } from './api/business';

type PublicBusiness = ResultOf<typeof BUSINESS_BY_SLUG>['businesses'][number];

const BusinessCatalogue = lazy(() =>
  import('./business-catalogue').then((m) => ({ default: m.BusinessCatalogue })),
);

const SOCIAL_ICONS: Record<SocialNetwork, Icon> = {
  instagram: IconBrandInstagram,
  twitter: IconBrandX,
  facebook: IconBrandFacebook,
  linkedin: IconBrandLinkedin,
};

/**
 * Stored as the profile's URL (the server normalizes what sellers type); older rows may hold a
 * bare handle. Anything unsafe gives no link.
 */
function socialUrl(network: SocialNetwork, stored: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(stored)) return safeLinkTarget(stored);
  return `${SOCIAL_NETWORKS[network].profile}${encodeURIComponent(stored.replace(/^@/, ''))}`;
}

/**
 * The producer's clubs and product subscriptions that take members: memberships with releases,
 * or a product on the buyer's cadence, and a way to join.
 */
function BusinessClubs({ business }: { business: PublicBusiness }) {
  if (business.clubs.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="business-clubs-heading" mb="xl">
      <Title order={2} id="business-clubs-heading" mb="sm">
        Clubs and subscriptions
      </Title>
      <Grid>
        {business.clubs.map((club) => (
          <Grid.Col key={club.id} span={{ base: 12, sm: 6 }}>
            <Stack gap={4}>
              {club.imageUrl ? (
                <Image src={club.imageUrl} alt="" h={120} w="auto" fit="contain" radius="sm" />
              ) : null}
              <Anchor
                component={Link}
                to={`/business/${business.slug}/clubs/${club.slug}`}
                fw={600}
              >
                {club.name}
              </Anchor>
              {club.description ? <Text fz="sm">{club.description}</Text> : null}
              {club.memberDiscountBasisPoints > 0 ? (
                <Text fz="sm" c="dark.6">
                  {club.isSubscription ? 'Subscribe and save' : 'Members save'}{' '}
                  {club.memberDiscountBasisPoints / 100}% on everything from {business.name}.
                </Text>
              ) : null}
            </Stack>
          </Grid.Col>
        ))}
      </Grid>
    </Box>
  );
}

/**
 * The producer's products: a search of their catalogue, loaded once the rest of the page is on
 * screen (the search library is a third of what the page would otherwise load first).
 */
function BusinessProducts({ business }: { business: PublicBusiness }) {
  const painted = usePainted();
  const loading = <Text role="status">Loading...</Text>;
  return (
    <Box component="section" aria-labelledby="business-products-heading" mt="xl">
      <Title order={2} id="business-products-heading" mb="sm">
        Products from {business.name}
      </Title>
      <Suspense fallback={loading}>
        {painted ? <BusinessCatalogue slug={business.slug} name={business.name} /> : loading}
      </Suspense>
    </Box>
  );
}

/** The public page of a business: who they are, how to reach them, what they sell. */
export function BusinessPage() {
  const { slug = '' } = useParams();
  const buyer = useBuyerKind();
  const [result] = useQuery({
    query: BUSINESS_BY_SLUG,
    variables: { slug },
  });
  const business = result.data?.businesses[0];
  useDocumentTitle(`${business?.name ?? 'Producer'} · ${siteConfig.siteName}`);

  if (result.fetching) {
    return <PageLoading />;
  }
  if (result.error) {
    return (
      <Container size="lg" py="xl">
        <Title order={1}>Something went wrong</Title>
        <Text mt="md" role="alert">
          {result.error.message}
        </Text>
      </Container>
    );
  }
  if (!business) return <NoBusinessHere way={{ to: '/shop', label: 'Browse the shop' }} />;

  const socials = (Object.keys(SOCIAL_ICONS) as SocialNetwork[]).flatMap((key) => {
    const stored = business[key];
    const href = stored ? socialUrl(key, stored) : null;
    return href ? [{ key, label: SOCIAL_NETWORKS[key].label, icon: SOCIAL_ICONS[key], href }] : [];
  });
  const website = safeLinkTarget(business.website);
  const address = business.addresses[0]?.formatted_address;
  // Hours matter only to buyers who may pick up here.
  const picksUp =
    buyer === 'wholesale'
      ? business.fulfillment_allow_pickup_wholesale
      : business.fulfillment_allow_pickup_retail;
  const pickupHours = picksUp ? business.pickup_hours : null;
  return (
    <>
      {business.heroImgUrl ? (
        <Image src={business.heroImgUrl} alt="" h={{ base: 140, sm: 240 }} fit="cover" />
      ) : null}
      <Container size="lg" py="lg">
        <Stack gap="sm">
          <BusinessNav slug={business.slug} />
          <Group justify="space-between" align="center">
            <Group gap="md" wrap="nowrap">
              {business.logoImgUrl ? (
                <Image
                  src={business.logoImgUrl}
                  alt={`${business.name} logo`}
                  w={{ base: 56, sm: 72 }}
                  h={{ base: 56, sm: 72 }}
                  fit="contain"
                  radius="sm"
                  style={{ flexShrink: 0 }}
                />
              ) : null}
              <Title order={1}>{business.name}</Title>
            </Group>
            <Group gap="sm">
              <FollowButton slug={business.slug} name={business.name} />
              <ShareButton
                url={`/business/${encodeURIComponent(business.slug)}`}
                title={business.name}
                text={`Shop ${business.name} on ${siteConfig.siteName}.`}
                image={business.heroImgUrl ?? business.logoImgUrl}
              />
            </Group>
            {socials.length > 0 ? (
              <Group
                gap="xs"
                component="ul"
                aria-label="Social media"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {socials.map(({ key, label, icon: SocialIcon, href }) => (
                  <li key={key}>
                    <ActionIcon
                      component="a"
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="subtle"
                      size="lg"
                      aria-label={`${business.name} on ${label}`}
                    >
                      <SocialIcon size={22} aria-hidden />
                    </ActionIcon>
                  </li>
                ))}
              </Group>
            ) : null}
          </Group>
          {business.description ? <Text maw={760}>{business.description}</Text> : null}
          <Group gap="lg">
            {website ? (
              <Group gap={6} wrap="nowrap">
                <IconWorld size={18} aria-hidden />
                <Anchor href={website} target="_blank" rel="noopener noreferrer">
                  {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Anchor>
              </Group>
            ) : null}
            {business.international_phone_number ? (
              <Group gap={6} wrap="nowrap">
                <IconPhone size={18} aria-hidden />
                <Anchor href={telHref(business.international_phone_number)}>
                  {business.phoneNumberDisplay ?? business.international_phone_number}
                </Anchor>
              </Group>
            ) : null}
            {address ? (
              <Group gap={6} wrap="nowrap">
                <IconMapPin size={18} aria-hidden />
                <Text component="address" style={{ fontStyle: 'normal' }}>
                  {address}
                </Text>
              </Group>
            ) : null}
            {pickupHours ? (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconClock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                <Text style={{ whiteSpace: 'pre-line' }}>
                  <Text component="span" fw={600}>
                    Pickup hours:
                  </Text>{' '}
                  {pickupHours}
                </Text>
              </Group>
            ) : null}
          </Group>
          {business.license_info ? (
            <Box component="section" aria-labelledby="business-license-heading" maw={760}>
              <Title order={2} id="business-license-heading" fz="sm" fw={600}>
                License information
              </Title>
              <Text fz="sm" c="dark.6" style={{ whiteSpace: 'pre-line' }}>
                {business.license_info}
              </Text>
            </Box>
          ) : null}
        </Stack>
        <BusinessEvents slug={business.slug} name={business.name} />
        <BusinessClubs business={business} />
        <BusinessProducts business={business} />
      </Container>
    </>
  );
}
