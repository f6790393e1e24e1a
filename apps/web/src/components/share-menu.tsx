import { Menu, VisuallyHidden } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandPinterest,
  IconBrandX,
  IconLink,
  IconMail,
} from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { shareLinks, type ShareContent } from './share-links';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

const SHARE_SITES = [
  { key: 'email', label: 'Email', icon: IconMail },
  { key: 'x', label: 'X', icon: IconBrandX },
  { key: 'facebook', label: 'Facebook', icon: IconBrandFacebook },
  { key: 'linkedin', label: 'LinkedIn', icon: IconBrandLinkedin },
  { key: 'pinterest', label: 'Pinterest', icon: IconBrandPinterest },
] as const;

/**
 * The menu's entries: rendered only while it is open, so each channel's link (a few URLs to
 * build) costs nothing until someone wants to share.
 */
function ShareMenuItems({
  content,
  onCopyLink,
}: {
  content: ShareContent;
  onCopyLink: () => void;
}) {
  const links = shareLinks(content);
  return (
    <>
      <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={onCopyLink}>
        Copy link
      </Menu.Item>
      {SHARE_SITES.map(({ key, label: name, icon: Icon }) => (
        <Menu.Item
          key={key}
          component="a"
          href={links[key]}
          // A mail app opens by itself; the sites open beside this page.
          {...(key === 'email' ? {} : NEW_TAB)}
          leftSection={<Icon size={16} aria-hidden />}
        >
          {name}
          {key === 'email' ? null : <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
        </Menu.Item>
      ))}
    </>
  );
}

/** The share button's menu of channels, for devices without a share sheet (share-button.tsx). */
export function ShareMenu({
  label,
  content,
  opened,
  onChange,
  onCopyLink,
  target,
}: {
  label: string;
  content: ShareContent;
  opened: boolean;
  onChange: (opened: boolean) => void;
  onCopyLink: () => void;
  /** The button that opens it. */
  target: ReactElement;
}) {
  return (
    <Menu position="bottom-end" width={200} opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown aria-label={label}>
        <ShareMenuItems content={content} onCopyLink={onCopyLink} />
      </Menu.Dropdown>
    </Menu>
  );
}
