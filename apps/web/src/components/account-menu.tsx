import { Button, Menu, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutDashboard,
  IconLicense,
  IconLogout,
  IconReceipt,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { logOut } from '../lib/logout';
import type { Me } from '../lib/use-me';

/** The signed-in user's menu; its own chunk, so visitors never load the menu machinery. */
export function AccountMenu({ me }: { me: Me }) {
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {/* On a phone only the icon shows; the name stays in the button's accessible name. */}
        <Button
          variant="subtle"
          color="dark"
          px={{ base: 6, sm: 'md' }}
          leftSection={<IconUserCircle size={22} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={`Account menu: ${me.name}`}
        >
          <Text span inherit truncate maw={180} className="visually-hidden-below-sm">
            {me.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.email}</Menu.Label>
        <Menu.Item
          component={Link}
          to="/dashboard"
          leftSection={<IconLayoutDashboard size={16} aria-hidden />}
        >
          Dashboard
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/consumer"
          leftSection={<IconReceipt size={16} aria-hidden />}
        >
          Your orders
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/account"
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          Account settings
        </Menu.Item>
        {me.seesWholesalePricing ? null : (
          <Menu.Item
            component={Link}
            to="/wholesale/apply"
            leftSection={<IconLicense size={16} aria-hidden />}
          >
            Apply for wholesale
          </Menu.Item>
        )}
        {me.is_admin ? (
          <Menu.Item
            component={Link}
            to="/admin"
            leftSection={<IconShieldLock size={16} aria-hidden />}
          >
            Administration
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={logOut}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
