import { Anchor, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { siteConfig } from '../../lib/site-config';
import { useMe } from '../../lib/use-me';
import { Loading } from './admin-ui';
import { readableErrorColor } from './admin-utils';
import { BannersSection } from './banners-section';
import { JobsSection } from './jobs-section';
import { MailSection } from './mail-section';
import { PrivacySection } from './privacy-section';
import { TagsSection } from './tags-section';
import { UsersSection } from './users-section';
import { WholesaleSection } from './wholesale-section';

// Its charts are a library of their own: loaded only when the section is opened.
const InsightsSection = lazy(() =>
  import('./insights-section').then((m) => ({ default: m.InsightsSection })),
);

/** Where the app router mounts this area (`admin/*`). */
const ADMIN_PATH = '/admin';

const SECTIONS = [
  { path: '', label: 'Users', element: <UsersSection /> },
  { path: 'wholesale', label: 'Wholesale applications', element: <WholesaleSection /> },
  { path: 'banners', label: 'Banners', element: <BannersSection /> },
  { path: 'tags', label: 'Tags', element: <TagsSection /> },
  { path: 'mail', label: 'Mail', element: <MailSection /> },
  { path: 'jobs', label: 'Jobs', element: <JobsSection /> },
  { path: 'privacy', label: 'Privacy requests', element: <PrivacySection /> },
  {
    path: 'insights',
    label: 'Insights',
    element: (
      <Suspense fallback={<Loading />}>
        <InsightsSection />
      </Suspense>
    ),
  },
] as const;

/** Tab values must be non-empty; the index section (users) has the empty path. */
const tabValue = (path: string) => path || 'users';

function Page({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="xl" style={readableErrorColor}>
      <Stack gap="lg">
        <Title order={1}>Administration</Title>
        {children}
      </Stack>
    </Container>
  );
}

/** The administration pages: users, wholesale applications, banners, tags and the mail outbox. */
export function AdminArea() {
  useDocumentTitle(`Administration · ${siteConfig.siteName}`);
  const { me, fetching } = useMe();

  if (!me && fetching) return <Loading />;
  if (!me) {
    return (
      <Page>
        <Text>
          Please{' '}
          <Anchor component={Link} to="/login?next=/admin" underline="always">
            log in
          </Anchor>{' '}
          with an administrator account to see this page.
        </Text>
      </Page>
    );
  }
  if (!me.is_admin) {
    return (
      <Page>
        <Text>You need administrator rights to see this page.</Text>
      </Page>
    );
  }
  return (
    <Page>
      <AdminTabs />
    </Page>
  );
}

function AdminTabs() {
  const navigate = useNavigate();
  const firstSegment = (useParams()['*'] ?? '').split('/')[0] ?? '';
  const section = SECTIONS.find((candidate) => candidate.path === firstSegment);
  const current = section ? tabValue(section.path) : null;

  // The layout moves focus to <main> after every navigation; a tab switch should keep focus
  // on the tab the user chose, as tabs do.
  const tabList = useRef<HTMLDivElement>(null);
  const refocusTab = useRef(false);
  useEffect(() => {
    if (!refocusTab.current) return;
    refocusTab.current = false;
    const frame = requestAnimationFrame(() => {
      tabList.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [current]);

  return (
    <Tabs
      value={current}
      activateTabWithKeyboard={false}
      onChange={(value) => {
        const target = SECTIONS.find((candidate) => tabValue(candidate.path) === value);
        if (!target || value === current) return;
        refocusTab.current = true;
        navigate(target.path ? `${ADMIN_PATH}/${target.path}` : ADMIN_PATH);
      }}
    >
      <Tabs.List ref={tabList} aria-label="Administration sections" mb="lg">
        {SECTIONS.map(({ path, label }) => (
          <Tabs.Tab key={label} value={tabValue(path)}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {current ? (
        <Tabs.Panel value={current}>
          <Routes>
            {SECTIONS.map(({ path, label, element }) =>
              path ? (
                <Route key={label} path={`${path}/*`} element={element} />
              ) : (
                <Route key={label} index element={element} />
              ),
            )}
          </Routes>
        </Tabs.Panel>
      ) : (
        <Text>
          There is no administration page at this address.{' '}
          <Anchor component={Link} to={ADMIN_PATH} underline="always">
            Go to the users
          </Anchor>
          .
        </Text>
      )}
    </Tabs>
  );
}
