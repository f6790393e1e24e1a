import {
  Anchor,
  Avatar,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { siteConfig } from '../../lib/site-config';

interface Founder {
  name: string;
  initials: string;
  role: string;
  color: string;
  bio: string;
}

const { siteName, contactEmail } = siteConfig;

const founders: Founder[] = [
  {
    name: 'Marisol Reyes',
    initials: 'MR',
    role: 'Co-founder & CEO',
    color: 'grape',
    bio: [
      'Marisol spent twelve years making Pinot Noir and Chardonnay in the Willamette Valley,',
      'the last six as head winemaker at a family estate producing about 4,000 cases a year.',
      'Running its wine club taught her that loyal customers were the key to survival, and',
      'that the software available to reach them was expensive and clumsy.',
      `She started sketching what became ${siteName} on the back of harvest logs, and now`,
      "leads the company with a winemaker's patience and a grower's eye for weather.",
    ].join(' '),
  },
  {
    name: 'Darnell Brooks',
    initials: 'DB',
    role: 'Co-founder & Head of Producer Partnerships',
    color: 'orange',
    bio: [
      'Darnell ran distribution for a regional craft brewery for nine years, growing its',
      'accounts from a handful of local taprooms to more than 600 bars, restaurants and bottle',
      'shops across three states. He knows the paperwork, the price sheets and the phone calls',
      'that wholesale takes, and how much margin disappears between a brewer and a bar.',
      `At ${siteName} he works with producers and licensed buyers to make wholesale ordering`,
      'as simple as buying a six-pack.',
    ].join(' '),
  },
  {
    name: 'Priya Natarajan',
    initials: 'PN',
    role: 'Co-founder & CTO',
    color: 'teal',
    bio: [
      'Priya is a software engineer who has spent more than a decade building marketplaces,',
      'first for handmade goods and later for live event ticketing. She has designed payment',
      'flows, search and seller tools used by tens of thousands of small businesses.',
      `At ${siteName} she leads engineering, with a focus on fast, accessible pages and on`,
      'getting age checks and shipping rules right for every order.',
    ].join(' '),
  },
];

export function AboutPage() {
  useDocumentTitle(`About · ${siteName}`);

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>About {siteName}</Title>
          <Text size="lg">
            {siteName} is an online marketplace where independent wineries, breweries, cideries,
            distilleries and makers of cocktails, hard kombucha and hard seltzer sell directly to
            the people who love what they make.
          </Text>
        </Stack>

        <Stack gap="sm" component="section">
          <Title order={2}>Our mission</Title>
          <Text>
            Small beverage producers pour years into every bottle, can and keg, yet selling online
            too often means stitching together a web shop, a club-management tool, a ticketing
            service and a wholesale spreadsheet, each with its own monthly fee. Our mission is to
            give every independent producer one place to sell to both retail customers and licensed
            businesses, on fair terms: free to set up, a single flat 8% commission that already
            includes payment processing, and nothing to pay in a month without sales.
          </Text>
          <Text>
            For drinkers, {siteName} is a way to discover and support the people behind their
            favorite glass, join the clubs they care about and get tickets to tastings and releases.
            For bars, restaurants and shops, it is a wholesale catalog with private trade pricing,
            open only to buyers whose licenses we have checked. And for everyone, it is a
            marketplace built responsibly, for adults aged 21 and over, that respects the rules of
            every state our producers ship to.
          </Text>
        </Stack>

        <Stack gap="md" component="section">
          <Title order={2}>Our founders</Title>
          <Text>
            {siteName} was started by a winemaker, a beer distributor and a software engineer who
            had each seen, from a different side, how hard it is for small producers to sell online.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {founders.map((founder) => (
              <Card key={founder.name} withBorder radius="md" padding="lg" component="article">
                <Stack gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar color={founder.color} radius="xl" size="lg" aria-hidden>
                      {founder.initials}
                    </Avatar>
                    <div>
                      <Title order={3} size="h4">
                        {founder.name}
                      </Title>
                      <Text size="sm" fw={500}>
                        {founder.role}
                      </Text>
                    </div>
                  </Group>
                  <Text size="sm">{founder.bio}</Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="sm" component="section">
          <Title order={2}>Get in touch</Title>
          <Text>
            Whether you make wine, beer, cider or spirits, buy for a bar or shop, or simply have a
            question about an order, we would love to hear from you. Email us at{' '}
            <Anchor href={`mailto:${contactEmail}`} underline="always">
              {contactEmail}
            </Anchor>
            .
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}
