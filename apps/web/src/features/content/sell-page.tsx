import {
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBeer,
  IconBottle,
  IconBuildingStore,
  IconCoinOff,
  IconGlassChampagne,
  IconGlassCocktail,
  IconGlassFull,
  IconLeaf,
  IconPercentage,
  IconRepeat,
  IconRocket,
  IconShare,
  IconSpeakerphone,
  IconTags,
  IconTicket,
  IconTruckDelivery,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { siteConfig } from '../../lib/site-config';

interface Benefit {
  title: string;
  description: string;
  icon: TablerIcon;
}

interface BeverageType {
  label: string;
  icon: TablerIcon;
}

const { siteName } = siteConfig;

const beverageTypes: BeverageType[] = [
  { label: 'Wine', icon: IconGlassFull },
  { label: 'Beer + Cider', icon: IconBeer },
  { label: 'Spirits', icon: IconBottle },
  { label: 'Cocktails', icon: IconGlassCocktail },
  { label: 'Hard Kombucha', icon: IconLeaf },
  { label: 'Hard Seltzer', icon: IconGlassChampagne },
];

const benefits: Benefit[] = [
  {
    title: 'Free to set up and use',
    description:
      'Create your business account, list your products and open your shop without a setup ' +
      'fee, a subscription or a contract.',
    icon: IconRocket,
  },
  {
    title: 'One flat 8% commission',
    description:
      'A single 8% commission on each sale, with card processing fees already included. No ' +
      'listing fees, no add-ons, no surprises on your payout.',
    icon: IconPercentage,
  },
  {
    title: 'Pay nothing when you are not selling',
    description:
      'Between vintages, batches or seasons, your shop costs you nothing. You only pay when an ' +
      'order comes in.',
    icon: IconCoinOff,
  },
  {
    title: 'A business page that is yours',
    description:
      'Tell your story with your own logo, photos, tasting notes and visiting hours on a ' +
      'customizable business page that your customers can bookmark and share.',
    icon: IconBuildingStore,
  },
  {
    title: 'Products, memberships and renewing orders',
    description:
      'Sell single bottles, cases and bundles alongside memberships that renew automatically, ' +
      'so regular orders ship on schedule without any extra work.',
    icon: IconRepeat,
  },
  {
    title: 'Club memberships and event tickets',
    description:
      'Run your wine, beer or spirits club and sell tickets to tastings, release parties, ' +
      'dinners and tours from the same place.',
    icon: IconTicket,
  },
  {
    title: 'Separate wholesale and retail pricing',
    description:
      'Set retail prices for the public and private wholesale prices that only licensed, ' +
      'vetted trade buyers such as bars, restaurants and shops can see.',
    icon: IconTags,
  },
  {
    title: 'Shipping, pick-up and delivery on your terms',
    description:
      'Choose where you ship, offer pick-up at your taproom, tasting room or distillery, and ' +
      'run local delivery with the zones, fees and minimums you set.',
    icon: IconTruckDelivery,
  },
  {
    title: 'Direct marketing and invitations',
    description:
      'Announce new releases and send invitations to club members, past buyers and trade ' +
      'accounts directly, so you keep the relationship with your customers.',
    icon: IconSpeakerphone,
  },
  {
    title: 'Social media and website integration',
    description:
      'Share products and events to your social media in one click and link your existing ' +
      'website straight to your shop, so every post can turn into a sale.',
    icon: IconShare,
  },
];

const steps: string[] = [
  'Create your business account and tell us about your licenses and permits.',
  'Set up your business page, then add your products, memberships and events.',
  'Choose your retail and wholesale prices and your shipping, pick-up and delivery options.',
  'Share your page with your customers and start taking orders. Payouts go straight to your bank.',
];

export function SellPage() {
  useDocumentTitle(`Sell your products · ${siteName}`);

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>Sell your drinks on {siteName}</Title>
          <Text size="lg">
            {siteName} is the marketplace for independent beverage producers. Reach retail customers
            aged 21 and over and licensed wholesale buyers from one shop, keep your own brand front
            and center, and pay a single flat 8% commission only when you make a sale.
          </Text>
        </Stack>

        <Stack gap="md" component="section">
          <Title order={2}>Made for every kind of producer</Title>
          <Text>
            Wineries, breweries, cideries, distilleries and makers of ready-to-drink cocktails, hard
            kombucha and hard seltzer all sell on {siteName}. Buyers can browse by category:
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" role="list">
            {beverageTypes.map(({ label, icon: Icon }) => (
              <Card key={label} role="listitem" withBorder radius="md" padding="sm">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                    <Icon size={20} stroke={1.75} aria-hidden />
                  </ThemeIcon>
                  <Text fw={600}>{label}</Text>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="md" component="section">
          <Title order={2}>Why producers sell on {siteName}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {benefits.map(({ title, description, icon: Icon }) => (
              <Card key={title} withBorder radius="md" padding="lg">
                <Stack gap="xs">
                  <ThemeIcon variant="light" size="xl" radius="md" aria-hidden>
                    <Icon size={26} stroke={1.75} aria-hidden />
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {title}
                  </Title>
                  <Text size="sm">{description}</Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="md" component="section">
          <Title order={2}>How it works</Title>
          <List type="ordered" spacing="sm">
            {steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          <Text>
            Every seller is responsible for holding the licenses and permits its sales require, and
            for collecting the taxes that apply. We check wholesale buyers&apos; licenses before
            they can see your trade prices.
          </Text>
        </Stack>

        <Stack gap="md" component="section" align="flex-start">
          <Title order={2}>Ready to get started?</Title>
          <Text>
            Setting up takes a few minutes and costs nothing. You can add products at your own pace
            and open your shop when you are ready.
          </Text>
          <Button component={Link} to="/business/new" size="lg">
            I'm ready to sell my products
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
