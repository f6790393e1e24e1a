import type { ReactNode } from 'react';
import { Anchor, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { siteConfig } from '../../lib/site-config';

interface PolicySection {
  id: string;
  title: string;
  content: ReactNode;
}

const { siteName, siteUrl, contactEmail, postalAddress } = siteConfig;

const emailLink = (
  <Anchor href={`mailto:${contactEmail}`} underline="always">
    {contactEmail}
  </Anchor>
);

const requestLink = (
  <Anchor component={Link} to="/privacy/request" underline="always">
    privacy request form
  </Anchor>
);

const sections: PolicySection[] = [
  {
    id: 'consent',
    title: 'Consent',
    content: (
      <>
        <Text>
          At {siteName}, accessible from {siteUrl}, the privacy of our visitors, buyers and sellers
          is one of our main priorities. This privacy policy describes the information that{' '}
          {siteName} collects and records, and how we use and share it. It applies to our online
          activities and to information shared with us through the website; it does not apply to
          information collected offline or through channels other than this website, such as a
          seller&apos;s own tasting room or newsletter.
        </Text>
        <Text>
          By using our website, you consent to this privacy policy and agree to its terms. If you
          have questions or need more information about our privacy policy, do not hesitate to
          contact us at {emailLink}.
        </Text>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    content: (
      <>
        <Text>
          The personal information we ask you to provide, and the reasons why we ask for it, are
          made clear to you at the point we ask. If you contact us directly, we may receive
          additional information about you such as your name, email address, phone number, the
          contents of your message and any attachments, and any other information you choose to
          provide.
        </Text>
        <List spacing="xs">
          <List.Item>
            <Text span fw={600}>
              Account information.
            </Text>{' '}
            When you register, we collect your name, email address and password or sign-in details
            from our authentication provider, and your date of birth. We use your date of birth to
            check that you are at least 21 years old, the minimum age to buy alcohol on {siteName}.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Business and wholesale information.
            </Text>{' '}
            Sellers give us their business name, contact details, addresses and the licenses and
            permits they hold. Buyers who apply for wholesale pricing give us their business details
            and upload copies of their alcohol license documents, which our team reviews to vet the
            application.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Orders.
            </Text>{' '}
            When you buy, we record what you ordered, from which seller, the price, the shipping,
            pick-up or delivery option you chose, your shipping address and phone number, and your
            club memberships, renewing orders and event tickets.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Payments.
            </Text>{' '}
            Card payments are processed by Stripe. Your card details are sent directly to Stripe and
            we never see or store your full card number or security code. We receive only limited
            information from Stripe, such as the card brand, the last four digits, the expiry date
            and whether the payment succeeded.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Reviews and messages.
            </Text>{' '}
            Reviews, ratings and comments you post, and messages you exchange with sellers or with
            us.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Technical information.
            </Text>{' '}
            Information collected automatically when you use the website, described under &quot;Log
            files&quot; and &quot;Cookies and web beacons&quot; below.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use your information',
    content: (
      <>
        <Text>We use the information we collect in various ways, including to:</Text>
        <List spacing="xs">
          <List.Item>provide, operate and maintain our website and marketplace;</List.Item>
          <List.Item>
            verify that buyers are 21 or older and that wholesale buyers hold valid licenses;
          </List.Item>
          <List.Item>
            process orders and payments, and pass the details a seller needs to fulfill your order
            (your name, contact details, delivery address and the items ordered) to that seller and,
            where applicable, to the carrier;
          </List.Item>
          <List.Item>
            manage club memberships, renewing orders and event tickets, and send receipts, shipping
            updates and other messages about your account and orders;
          </List.Item>
          <List.Item>improve, personalize and expand our website;</List.Item>
          <List.Item>understand and analyze how you use our website;</List.Item>
          <List.Item>develop new products, services, features and functionality;</List.Item>
          <List.Item>
            communicate with you, either directly or through one of the sellers you buy from,
            including for customer service and, where you have agreed to it, to send you news,
            offers and invitations; you can unsubscribe from marketing emails at any time;
          </List.Item>
          <List.Item>
            find and prevent fraud, and comply with alcohol, tax and other laws, including
            responding to lawful requests from regulators.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    id: 'log-files',
    title: 'Log files',
    content: (
      <Text>
        {siteName} follows a standard procedure of using log files. These files log visitors when
        they visit the website, as most hosting companies do as part of their analytics. The
        information collected by log files includes internet protocol (IP) addresses, browser type,
        internet service provider (ISP), date and time stamps, referring and exit pages, and
        possibly the number of clicks. We use this information to analyze trends, administer the
        site, keep it secure, detect abuse such as attempts to break into accounts, and understand
        in aggregate how visitors move through the marketplace. We do not use log files to build
        profiles of individual visitors or for advertising, and we keep them only for a limited
        period before deleting them.
      </Text>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and web beacons',
    content: (
      <>
        <Text>
          Like many websites, {siteName} uses cookies and similar technologies to store information
          about visitors&apos; preferences and the pages they access or visit. We keep this to what
          the marketplace needs to work:
        </Text>
        <List spacing="xs">
          <List.Item>
            a session cookie, set when you sign in, which keeps you signed in while you browse;
          </List.Item>
          <List.Item>
            your shopping cart, which is kept in local storage in your browser under the key{' '}
            <Code>cart</Code>; it stays on your device and is sent to us only when you check out;
          </List.Item>
          <List.Item>
            cookies set by Stripe, our card payment provider, and by our authentication provider,
            which they use to keep payments and sign-in secure and to prevent fraud.
          </List.Item>
        </List>
        <Text>
          We do not place advertising cookies or tracking web beacons on the website, and we do not
          use web beacons in our emails to build profiles of you. You can choose to disable cookies
          or clear local storage through your browser options; note that you will then not be able
          to sign in or keep items in your cart.
        </Text>
      </>
    ),
  },
  {
    id: 'advertising-partners',
    title: 'Advertising partners privacy policies',
    content: (
      <>
        <Text>
          {siteName} does not show ads from third-party ad servers or ad networks, and we do not
          allow advertising partners to place cookies, JavaScript or web beacons on our pages. If
          that ever changes, we will update this policy before any advertising technology is used,
          and you will be able to consult the privacy policy of each advertising partner here.
        </Text>
        <Text>
          Sellers may promote their own products on {siteName}, for example by featuring them on
          their business page or by sending invitations to their customers. Those promotions are
          delivered by {siteName} itself and are covered by this policy. Note that {siteName} has no
          access to or control over cookies used by third-party advertisers on other websites you
          visit, including sellers&apos; own websites.
        </Text>
      </>
    ),
  },
  {
    id: 'third-party-policies',
    title: 'Third-party privacy policies',
    content: (
      <>
        <Text>
          {siteName}&apos;s privacy policy does not apply to other websites or services. We
          therefore advise you to consult the privacy policies of these third parties for more
          detailed information, including their practices and instructions about how to opt out of
          certain options. These include Stripe, which processes card payments; our authentication
          provider, which handles sign-in; the carriers that deliver orders; and sellers&apos; own
          websites and social media pages that you reach through links on {siteName}.
        </Text>
        <Text>
          You can choose to disable cookies through your individual browser options. More detailed
          information about cookie management with specific web browsers can be found on the
          browsers&apos; respective websites.
        </Text>
      </>
    ),
  },
  {
    id: 'ccpa',
    title: 'CCPA privacy rights (do not sell my personal information)',
    content: (
      <>
        <Text>
          {siteName} does not sell your personal information, and does not share it for
          cross-context behavioral advertising. Under the California Consumer Privacy Act (CCPA),
          among other rights, California consumers have the right to:
        </Text>
        <List spacing="xs">
          <List.Item>
            request that a business that collects a consumer&apos;s personal data disclose the
            categories and specific pieces of personal data that the business has collected about
            the consumer;
          </List.Item>
          <List.Item>
            request that a business delete any personal data about the consumer that the business
            has collected;
          </List.Item>
          <List.Item>
            request that a business correct inaccurate personal data it holds about the consumer;
          </List.Item>
          <List.Item>
            request that a business that sells a consumer&apos;s personal data not sell the
            consumer&apos;s personal data;
          </List.Item>
          <List.Item>not be discriminated against for exercising any of these rights.</List.Item>
        </List>
        <Text>
          Some information must be kept even after a deletion request, for example order and tax
          records and age and license checks that alcohol laws require us or sellers to retain. If
          you make a request, we acknowledge it at once and answer within 45 days. To exercise any
          of these rights, use our {requestLink} or contact us at {emailLink}.
        </Text>
        <Text>
          We honour the Global Privacy Control signal as an opt-out of the sale and sharing of your
          personal information: while your browser sends it, we do not record which site or campaign
          brought you here, and when you are logged in we record your opt-out on your account.
        </Text>
      </>
    ),
  },
  {
    id: 'gdpr',
    title: 'GDPR data protection rights',
    content: (
      <>
        <Text>
          We would like to make sure you are fully aware of all of your data protection rights.
          Every user is entitled to the following:
        </Text>
        <List spacing="xs">
          <List.Item>
            <Text span fw={600}>
              The right to access
            </Text>{' '}
            – You have the right to request copies of your personal data. We may charge you a small
            fee for this service.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              The right to rectification
            </Text>{' '}
            – You have the right to request that we correct any information you believe is
            inaccurate. You also have the right to request that we complete the information you
            believe is incomplete.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              The right to erasure
            </Text>{' '}
            – You have the right to request that we erase your personal data, under certain
            conditions.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              The right to restrict processing
            </Text>{' '}
            – You have the right to request that we restrict the processing of your personal data,
            under certain conditions.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              The right to object to processing
            </Text>{' '}
            – You have the right to object to our processing of your personal data, under certain
            conditions.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              The right to data portability
            </Text>{' '}
            – You have the right to request that we transfer the data that we have collected to
            another organization, or directly to you, under certain conditions.
          </List.Item>
        </List>
        <Text>
          If you make a request, we have one month to respond to you. If you would like to exercise
          any of these rights, use our {requestLink} or contact us at {emailLink}. We may ask you to
          confirm your identity before we act on a request, so that we never disclose your data to
          someone else.
        </Text>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's information",
    content: (
      <>
        <Text>
          Protecting children online is important to us. We encourage parents and guardians to
          observe, participate in, and monitor and guide their children&apos;s online activity, and
          to use the parental controls available in browsers and devices.
        </Text>
        <Text>
          {siteName} does not knowingly collect any personally identifiable information from
          children under the age of 13. More than that, {siteName} is a marketplace for alcoholic
          beverages and is intended only for adults aged 21 or older: we ask for a date of birth at
          registration and do not open accounts for anyone younger. If you think that your child, or
          anyone under 21, provided this kind of information on our website, we strongly encourage
          you to contact us immediately at {emailLink}. We will close the account and promptly
          remove such information from our records.
        </Text>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <>
        <Text>
          If you have questions about this privacy policy or about the personal information we hold
          about you, email us at {emailLink} or write to us at:
        </Text>
        <Text component="address" style={{ fontStyle: 'normal' }}>
          {siteName}
          <br />
          {postalAddress}
        </Text>
      </>
    ),
  },
];

export function PrivacyPage() {
  useDocumentTitle(`Privacy Policy · ${siteName}`);

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Privacy Policy</Title>
          <Text>
            Last updated: <time dateTime="2026-11-22">November 22, 2026</time>
          </Text>
        </Stack>
        {sections.map((section) => (
          <Stack key={section.id} gap="sm" component="section">
            <Title order={2} id={section.id}>
              {section.title}
            </Title>
            {section.content}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
