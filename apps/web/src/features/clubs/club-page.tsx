import { CLUB_CADENCE_LABELS, formatDueDate } from '@bevy/core';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Image,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useLocation, useParams } from 'react-router';
import { useQuery } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { ShareButton } from '../../components/share-button';
import { PageLoading } from '../../components/page-loading';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { useMe } from '../../lib/use-me';
import { CLUB_PAGE } from './api/memberships';
import { ClubJoinForm, offeredModes, tierPriceText } from './club-join-form';

type ClubPageData = NonNullable<ResultOf<typeof CLUB_PAGE>['club']>;

/** What a member signs up for, before the form: cadence, discount, notice, skips and leaving. */
function ClubTerms({ page }: { page: ClubPageData }) {
  const { club } = page;
  const ways = offeredModes(club)
    .map((mode) => ({ pickup: 'pickup', delivery: 'local delivery', ship: 'shipping' })[mode])
    .join(', ');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="club-terms">
      <Title order={2} fz="lg" id="club-terms" mb="xs">
        {club.isSubscription ? 'How the subscription works' : 'How the club works'}
      </Title>
      <List size="sm" spacing={4}>
        {club.subscriptionCadences ? (
          <List.Item>
            {club.subscriptionCadences
              .map((cadence) => CLUB_CADENCE_LABELS[cadence])
              .join(' or ')
              .toLowerCase()
              .replace(/^./, (first) => first.toUpperCase())}
            , as you choose: your first order is placed the day you subscribe, the next ones counted
            from it.
          </List.Item>
        ) : (
          <List.Item>
            {CLUB_CADENCE_LABELS[club.cadence]}
            {club.upcomingChargeDates.length > 0
              ? `: next releases ${club.upcomingChargeDates.map(formatDueDate).join(', ')}.`
              : '.'}
          </List.Item>
        )}
        {club.memberDiscountBasisPoints > 0 ? (
          <List.Item>
            {club.isSubscription ? 'Subscribers' : 'Members'} save{' '}
            {club.memberDiscountBasisPoints / 100}% on{' '}
            {club.isSubscription ? 'its orders' : 'releases'} and on everything else from{' '}
            {page.businessName} while their {club.isSubscription ? 'subscription' : 'membership'} is
            active.
          </List.Item>
        ) : null}
        <List.Item>
          {club.isSubscription ? 'Orders' : 'Releases'} by {ways}.
        </List.Item>
        <List.Item>
          You hear the contents and the amount {club.noticeDays} days before each charge, and can
          swap or add bottles, skip, or change where it goes until {club.cutoffDays}{' '}
          {club.cutoffDays === 1 ? 'day' : 'days'} before.
          {club.skipsPerYear > 0
            ? ` Skip up to ${club.skipsPerYear} ${club.isSubscription ? 'order' : 'release'}${club.skipsPerYear === 1 ? '' : 's'} a year.`
            : ''}
        </List.Item>
        {club.minimumReleases > 0 ? (
          <List.Item>
            {club.name} asks members to stay for at least {club.minimumReleases}{' '}
            {club.minimumReleases === 1 ? 'release' : 'releases'}.
          </List.Item>
        ) : null}
        <List.Item>
          Pause or cancel online at any time from Your orders, in two clicks.{' '}
          {club.isSubscription ? 'Orders' : 'Releases'} already charged are sent.
        </List.Item>
      </List>
    </Card>
  );
}

function JoinSection({ page }: { page: ClubPageData }) {
  const { me } = useMe();
  const { pathname } = useLocation();
  if (page.viewerMembershipId !== null) {
    return (
      <Alert
        color="green"
        title={page.club.isSubscription ? 'You are subscribed' : 'You are a member'}
      >
        <Anchor component={Link} to={`/consumer/clubs/${page.viewerMembershipId}`}>
          {page.club.isSubscription ? 'Manage your subscription' : 'Manage your membership'}
        </Anchor>
      </Alert>
    );
  }
  if (page.club.status !== 'open') {
    return (
      <Alert color="gray" title="Not taking members">
        {page.club.name} is not taking new members now.
      </Alert>
    );
  }
  if (!me) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>
          Log in or create an account (21 or older) to{' '}
          {page.club.isSubscription ? 'subscribe' : 'join'}.
        </Text>
        <Button component={Link} to={`/login?next=${encodeURIComponent(pathname)}`}>
          {page.club.isSubscription ? 'Log in to subscribe' : 'Log in to join'}
        </Button>
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="join-club">
      <Title order={2} fz="lg" id="join-club" mb="sm">
        {page.club.isSubscription ? 'Subscribe' : `Join ${page.club.name}`}
      </Title>
      <ClubJoinForm
        club={page.club}
        businessSlug={page.businessSlug}
        shipsToStates={page.shipsToStates}
      />
    </Card>
  );
}

/** Route /business/:slug/clubs/:club: a club's public page, where buyers join it. */
export function ClubPage() {
  const { slug = '', club: clubSlug = '' } = useParams();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CLUB_PAGE,
    variables: { businessSlug: slug, clubSlug },
  });
  const page = data?.club;
  useDocumentTitle(`${page ? page.club.name : 'Club'} · ${siteConfig.siteName}`);

  if (fetching && !data) return <PageLoading />;
  if (!page) {
    const missing = error?.graphQLErrors[0]?.extensions.code === 'NOT_FOUND';
    return (
      <Container size="md" py="xl">
        <Title order={1}>{missing ? 'There is no such club' : 'Club'}</Title>
        {missing ? (
          <Text mt="md">
            This club does not exist or is not taking members.{' '}
            <Anchor component={Link} to={`/business/${slug}`} underline="always">
              Back to the producer
            </Anchor>
          </Text>
        ) : error ? (
          <ErrorAlert
            title="This club could not be loaded"
            message={describeError(error).message}
            onRetry={() => refetch({ requestPolicy: 'network-only' })}
          />
        ) : null}
      </Container>
    );
  }
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <div>
          <Group justify="space-between" gap="sm">
            <Title order={1}>{page.club.name}</Title>
            <ShareButton
              url={`/business/${encodeURIComponent(slug)}/clubs/${encodeURIComponent(clubSlug)}`}
              title={page.club.name}
              text={`${page.club.name}, from ${page.businessName}.`}
              image={page.club.imageUrl}
            />
          </Group>
          <Text c="dark.6">
            {page.club.isSubscription ? 'A product subscription from' : 'A club of'}{' '}
            <Anchor component={Link} to={`/business/${page.businessSlug}`} underline="always">
              {page.businessName}
            </Anchor>
          </Text>
        </div>
        {page.club.imageUrl ? (
          <Image src={page.club.imageUrl} alt="" h={{ base: 160, sm: 220 }} fit="contain" />
        ) : null}
        {page.club.description ? <Text>{page.club.description}</Text> : null}
        <List size="sm" aria-label={page.club.isSubscription ? 'Quantities' : 'Tiers'}>
          {page.club.tiers.map((tier) => (
            <List.Item key={tier.id}>
              <Text span fw={600}>
                {tier.name}:
              </Text>{' '}
              {tierPriceText(tier, page.club.memberDiscountBasisPoints, page.club.isSubscription)}
            </List.Item>
          ))}
        </List>
        <ClubTerms page={page} />
        <JoinSection page={page} />
      </Stack>
    </Container>
  );
}
