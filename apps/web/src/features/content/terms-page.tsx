import type { ReactNode } from 'react';
import { Anchor, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { siteConfig, telHref } from '../../lib/site-config';

interface TermsSection {
  id: string;
  title: string;
  content: ReactNode;
}

const { siteName, siteUrl, contactEmail, contactPhone, postalAddress, governingLaw } = siteConfig;

const sections: TermsSection[] = [
  {
    id: 'introduction',
    title: 'Introduction and acceptance',
    content: (
      <>
        <Text>
          Welcome to {siteName}. These terms of service (the &quot;Terms&quot;) govern your use of
          the {siteName} website at {siteUrl}, its pages and features, and the marketplace through
          which independent wineries, breweries, cideries, distilleries and makers of cocktails,
          hard kombucha and hard seltzer sell their products to retail and wholesale buyers. In
          these Terms, &quot;{siteName}&quot;, &quot;we&quot;, &quot;us&quot; and &quot;our&quot;
          refer to the company that operates the marketplace; &quot;you&quot; refers to anyone who
          visits the site, creates an account, buys, or sells.
        </Text>
        <Text>
          By accessing the website, creating an account, placing an order or listing a product, you
          accept these Terms in full, together with our privacy policy. If you do not agree with any
          part of these Terms, please do not use {siteName}. If you use {siteName} on behalf of a
          business, you confirm that you are authorized to accept these Terms for that business.
        </Text>
      </>
    ),
  },
  {
    id: 'age-requirement',
    title: 'Age requirement: 21 and over',
    content: (
      <>
        <Text fw={700}>
          {siteName} sells alcoholic beverages. You must be at least 21 years old to create an
          account, browse the catalog, place an order or receive a delivery.
        </Text>
        <Text>
          We may ask for your date of birth when you register and at checkout, and carriers and
          sellers may ask to see a valid government-issued photo ID before handing over an order. An
          adult aged 21 or older must be present to sign for every shipment. Orders that cannot be
          delivered because no one of legal drinking age was available, or because the recipient
          could not prove their age, may be returned to the seller, and return shipping costs may be
          deducted from any refund. We may suspend or close any account that we reasonably believe
          belongs to someone under 21.
        </Text>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <>
        <Text>
          We use a small number of cookies and similar browser technologies to make {siteName}
          work. By using the website you agree to their use as described in this section and in our
          privacy policy.
        </Text>
        <List spacing="xs">
          <List.Item>
            <Text span fw={600}>
              Shopping cart.
            </Text>{' '}
            Your cart is kept in your browser&apos;s local storage under the key <Code>cart</Code>,
            so that it survives a page reload without you having to sign in. Clearing your
            browser&apos;s site data empties the cart.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Sign-in.
            </Text>{' '}
            When you sign in, we set a session cookie that keeps you signed in while you move
            between pages. Without it, account features such as checkout, order history and your
            business dashboard cannot work.
          </List.Item>
          <List.Item>
            <Text span fw={600}>
              Partners.
            </Text>{' '}
            Our card payment provider, Stripe, and our authentication provider may set their own
            cookies when you pay or sign in, for example to prevent fraud and keep your session
            secure. Those cookies are governed by the providers&apos; own policies.
          </List.Item>
        </List>
        <Text>
          We do not use cookies to sell your information or to show you advertising from third
          parties. You can block or delete cookies in your browser settings, but signing in and
          checking out will then no longer work.
        </Text>
      </>
    ),
  },
  {
    id: 'license',
    title: 'License',
    content: (
      <>
        <Text>
          Unless otherwise stated, {siteName} and its licensors own the intellectual property rights
          in the material on {siteName}, including the design of the website, its software, text,
          graphics and logos. Sellers keep ownership of the names, labels, photographs and
          descriptions they upload, and grant {siteName} a non-exclusive, royalty-free license to
          display, reproduce and adapt that material for the purpose of operating and promoting the
          marketplace and their listings. All intellectual property rights are reserved.
        </Text>
        <Text>
          You may view and print pages from {siteName} for your own personal, non-commercial use,
          subject to the restrictions set out in these Terms. You must not:
        </Text>
        <List spacing="xs">
          <List.Item>republish material from {siteName};</List.Item>
          <List.Item>sell, rent or sublicense material from {siteName};</List.Item>
          <List.Item>reproduce, duplicate or copy material from {siteName};</List.Item>
          <List.Item>
            redistribute content from {siteName}, including product listings, photographs, reviews
            and wholesale price lists;
          </List.Item>
          <List.Item>
            scrape, crawl or harvest the catalog, seller information or buyer data by automated
            means, or use the site to build a competing product database;
          </List.Item>
          <List.Item>
            interfere with the security or operation of the website, or attempt to access accounts,
            systems or data that you are not authorized to access.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    id: 'comments-and-reviews',
    title: 'User comments and reviews',
    content: (
      <>
        <Text>
          Parts of {siteName} let buyers post reviews, ratings and comments about products and
          producers. {siteName} does not filter, edit, publish or review comments before they appear
          on the website. Comments reflect the views and opinions of the person who posted them, not
          those of {siteName}, its staff or the sellers concerned. To the extent permitted by
          applicable law, {siteName} is not liable for comments or for any loss, cost or damage
          caused or suffered as a result of any comment posted on the website.
        </Text>
        <Text>
          We reserve the right to monitor all comments and reviews and to remove any that we
          consider inappropriate, offensive, misleading or in breach of these Terms, including
          reviews that promote excessive or underage drinking, reviews written by a seller about its
          own or a competitor&apos;s products, and reviews posted in exchange for payment or free
          products that do not disclose it.
        </Text>
        <Text>By posting a comment or review, you warrant and represent that:</Text>
        <List spacing="xs">
          <List.Item>
            you are entitled to post it on our website and have all necessary licenses and consents
            to do so;
          </List.Item>
          <List.Item>
            it does not infringe any intellectual property right, including copyright, patent or
            trademark, of any third party;
          </List.Item>
          <List.Item>
            it does not contain any defamatory, libelous, offensive, indecent or otherwise unlawful
            material, or material that invades anyone&apos;s privacy;
          </List.Item>
          <List.Item>
            it will not be used to solicit or promote business, custom or commercial activities, or
            to present unlawful activity;
          </List.Item>
          <List.Item>it honestly reflects your own experience with a product or seller.</List.Item>
        </List>
        <Text>
          You grant {siteName} a non-exclusive license to use, reproduce, edit and authorize others
          to use, reproduce and edit your comments and reviews in any form, format or media,
          including to show them on the seller&apos;s business page.
        </Text>
      </>
    ),
  },
  {
    id: 'hyperlinking',
    title: 'Hyperlinking to our content',
    content: (
      <>
        <Text>
          The following organizations may link to our website without prior written approval:
        </Text>
        <List spacing="xs">
          <List.Item>government agencies, including alcohol beverage control boards;</List.Item>
          <List.Item>search engines;</List.Item>
          <List.Item>news organizations;</List.Item>
          <List.Item>
            online directory distributors, which may link to our website in the same manner as they
            link to the websites of other listed businesses;
          </List.Item>
          <List.Item>
            sellers on {siteName}, which may link to their business page and product listings from
            their own websites, newsletters and social media profiles.
          </List.Item>
        </List>
        <Text>
          These organizations may link to our home page, to business pages, to product listings or
          to other website information so long as the link: (a) is not in any way deceptive; (b)
          does not falsely imply sponsorship, endorsement or approval of the linking party and its
          products or services; and (c) fits within the context of the linking party&apos;s site.
        </Text>
        <Text>
          We may consider and approve other link requests from trade associations, wine, beer and
          spirits publications, tourism boards, event organizers, educational institutions and
          similar organizations. We will approve a request if the link would not make us look
          unfavorably, if the organization has no negative record with us, and if the link would be
          relevant to adults who enjoy craft beverages. Links that target people under the legal
          drinking age will not be approved. To request approval, email us at{' '}
          <Anchor href={`mailto:${contactEmail}`} underline="always">
            {contactEmail}
          </Anchor>{' '}
          with your name, your organization&apos;s name, the URLs from which you intend to link and
          the URLs on our site you would like to link to.
        </Text>
        <Text>
          Approved organizations may link to our website by using our corporate name, by using the
          URL being linked to, or by using any other description that makes sense in the context of
          the linking site. No use of the {siteName} logo or other artwork is allowed for linking
          without a trademark license agreement.
        </Text>
      </>
    ),
  },
  {
    id: 'iframes',
    title: 'iFrames',
    content: (
      <Text>
        Without our prior written approval and permission, you may not create frames around our web
        pages, or embed them in an iframe, in a way that alters the visual presentation or
        appearance of {siteName}, hides our address bar, or makes our content appear to be part of
        another website. Sellers may use the official sharing and website integration tools that we
        provide, which link to {siteName} rather than framing it.
      </Text>
    ),
  },
  {
    id: 'content-liability',
    title: 'Content liability',
    content: (
      <Text>
        We are not responsible for any content that appears on your website or on any other
        third-party website that links to {siteName}. You agree to protect and defend us against all
        claims arising from content on your website. No link should appear on any website that may
        be interpreted as libelous, obscene or criminal, or which infringes, otherwise violates, or
        advocates the infringement or other violation of, any third-party rights. Sellers are solely
        responsible for the accuracy of their own listings, including product descriptions, alcohol
        content, allergen information, vintages and prices.
      </Text>
    ),
  },
  {
    id: 'reservation-of-rights',
    title: 'Reservation of rights',
    content: (
      <>
        <Text>
          We reserve the right to request that you remove all links, or any particular link, to our
          website. You agree to remove all links to our website immediately upon request. We also
          reserve the right to amend these Terms and our linking policy at any time. By continuing
          to link to or use our website, you agree to be bound by and follow the Terms as amended.
          We will post the updated Terms on this page and change the &quot;Last updated&quot; date
          above; if a change materially affects sellers, we will also notify them by email before it
          takes effect.
        </Text>
        <Title order={3}>Removal of links from our website</Title>
        <Text>
          If you find any link on our website that is offensive for any reason, you are free to
          contact us and inform us at any time. We will consider requests to remove links, but we
          are not obliged to do so or to respond to you directly.
        </Text>
        <Text>
          We do our best to ensure that the information on this website is correct, but we do not
          warrant its completeness or accuracy, nor do we promise that the website remains available
          or that the material on it is kept up to date.
        </Text>
      </>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    content: (
      <>
        <Text>
          To the maximum extent permitted by applicable law, we exclude all representations,
          warranties and conditions relating to our website and the use of this website. Nothing in
          this disclaimer will:
        </Text>
        <List spacing="xs">
          <List.Item>
            limit or exclude our or your liability for death or personal injury;
          </List.Item>
          <List.Item>
            limit or exclude our or your liability for fraud or fraudulent misrepresentation;
          </List.Item>
          <List.Item>
            limit any of our or your liabilities in any way that is not permitted under applicable
            law; or
          </List.Item>
          <List.Item>
            exclude any of our or your liabilities that may not be excluded under applicable law.
          </List.Item>
        </List>
        <Text>
          The limitations and prohibitions of liability set out in this section and elsewhere in
          this disclaimer: (a) are subject to the preceding paragraph; and (b) govern all
          liabilities arising under the disclaimer, including liabilities arising in contract, in
          tort and for breach of statutory duty.
        </Text>
        <Text>
          {siteName} provides the marketplace on which sellers and buyers transact; unless a listing
          says otherwise, {siteName} is not the seller, maker, importer or carrier of the products
          listed, and the contract of sale for each order is between the buyer and the seller. To
          the extent permitted by law, we will not be liable for any indirect, incidental or
          consequential loss, for loss of profits, revenue or data, or for any loss caused by the
          products sold by sellers, by carriers, or by any interruption or unavailability of the
          website. Please enjoy alcoholic beverages responsibly and never drink and drive.
        </Text>
      </>
    ),
  },
  {
    id: 'marketplace-rules',
    title: 'Marketplace rules',
    content: (
      <>
        <Title order={3}>Sellers&apos; responsibilities</Title>
        <Text>
          Each seller is an independent business and is solely responsible for complying with every
          law that applies to making, selling and shipping its products. In particular, each seller
          is responsible for:
        </Text>
        <List spacing="xs">
          <List.Item>
            holding and keeping current every federal, state and local license and permit needed to
            produce and sell its products, including direct-to-consumer shipping permits where they
            are required, and providing copies to us on request;
          </List.Item>
          <List.Item>
            collecting, reporting and paying all sales, use and excise taxes and duties on its
            sales, unless the law requires {siteName} to collect a particular tax as a marketplace
            facilitator;
          </List.Item>
          <List.Item>
            shipping only to states and destinations where it is allowed to ship, respecting volume
            limits, using carriers that accept alcohol, and requiring an adult signature from a
            recipient aged 21 or older;
          </List.Item>
          <List.Item>
            accurate labeling and listings, including alcohol by volume, vintage, allergens and any
            legally required warnings;
          </List.Item>
          <List.Item>
            fulfilling orders, honoring club memberships and event tickets it has sold, and handling
            returns and refunds in line with its published policies and applicable law.
          </List.Item>
        </List>
        <Text>
          We may review licenses, pause listings, withhold payouts or close a business account if we
          reasonably believe a seller is not complying with these rules or the law.
        </Text>
        <Title order={3}>Fees</Title>
        <Text>
          Setting up and using a business account on {siteName} is free. We charge a single flat
          commission of 8% of each order&apos;s total, and that commission already includes card
          payment processing fees. There are no monthly fees, listing fees or setup costs, so a
          seller pays nothing in a period in which it sells nothing. Payouts are made to the bank
          account the seller connects through our payment provider, Stripe, after the commission and
          any refunds have been deducted.
        </Text>
        <Title order={3}>Wholesale pricing</Title>
        <Text>
          Sellers may offer separate wholesale prices to licensed businesses such as restaurants,
          bars and shops. Wholesale buyers must apply for a wholesale account and submit their
          alcohol license documents; we verify them before wholesale pricing becomes visible.
          Wholesale prices are private and confidential: they are shown only to vetted wholesale
          buyers, and may not be shared, published or used to resell products to consumers in breach
          of the law. We may revoke wholesale access if a license lapses or if these rules are
          broken.
        </Text>
        <Title order={3}>Buyers&apos; responsibilities</Title>
        <Text>
          Buyers confirm that they are 21 or older, that they are buying for personal use or, for
          wholesale buyers, for their licensed business, and that the delivery address is in a place
          where the order may lawfully be received. Buyers must not resell products bought at retail
          prices.
        </Text>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    content: (
      <Text>
        These Terms, and any dispute or claim arising out of or in connection with them or with your
        use of {siteName}, are governed by and construed in accordance with the laws of{' '}
        {governingLaw}, without regard to its conflict of law provisions. You agree that the courts
        located there have jurisdiction over any such dispute, except where the law of the place
        where you live gives you the right to bring proceedings in your local courts.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <>
        <Text>
          If you have any questions about these Terms, please email us at{' '}
          <Anchor href={`mailto:${contactEmail}`} underline="always">
            {contactEmail}
          </Anchor>
          , call us at{' '}
          <Anchor href={telHref(contactPhone)} underline="always">
            {contactPhone}
          </Anchor>{' '}
          or write to us at:
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

export function TermsPage() {
  useDocumentTitle(`Terms of Service · ${siteName}`);

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Terms of Service</Title>
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
