import { Button, Group, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { usePainted } from '../lib/use-painted';

// The menu (and the positioning library under it) loads after the page has drawn.
const ShareMenu = lazy(() => import('./share-menu').then((m) => ({ default: m.ShareMenu })));

/**
 * Sharing a public page: the device's share sheet where there is one, else a menu of the usual
 * channels. Every link carries utm_* tags naming its channel, so that the orders it brings are
 * attributed to it (lib/attribution). Meta does not allow selling alcohol on its platforms, so
 * this shares links and their previews, nothing more.
 */

export type ShareChannel =
  'native' | 'copy' | 'email' | 'x' | 'facebook' | 'linkedin' | 'pinterest';

/** utm_source of each channel. */
const SOURCE_OF: Record<ShareChannel, string> = {
  native: 'share',
  copy: 'link',
  email: 'email',
  x: 'x',
  facebook: 'facebook',
  linkedin: 'linkedin',
  pinterest: 'pinterest',
};

/** The page's address with the channel's tags; a path is taken on this site. */
export function taggedUrl(url: string, channel: ShareChannel, origin = window.location.origin) {
  const tagged = new URL(url, origin);
  tagged.searchParams.set('utm_source', SOURCE_OF[channel]);
  tagged.searchParams.set('utm_medium', channel === 'email' ? 'email' : 'social');
  tagged.searchParams.set('utm_campaign', 'share');
  return tagged.toString();
}

export interface ShareContent {
  /** The page's canonical address or path, e.g. "/business/cascadia-hollow-cellars". */
  url: string;
  title: string;
  /** A sentence about the page, for the message or post. */
  text: string;
  /** The page's image (for Pinterest), address or path. */
  image?: string | null;
}

/** Where each channel of the menu sends the page. */
export function shareLinks(content: ShareContent, origin = window.location.origin) {
  const at = (channel: ShareChannel) => encodeURIComponent(taggedUrl(content.url, channel, origin));
  const title = encodeURIComponent(content.title);
  const body = encodeURIComponent(`${content.text}\n\n${taggedUrl(content.url, 'email', origin)}`);
  const media = content.image
    ? `&media=${encodeURIComponent(new URL(content.image, origin).toString())}`
    : '';
  return {
    email: `mailto:?subject=${title}&body=${body}`,
    x: `https://twitter.com/intent/tweet?url=${at('x')}&text=${title}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${at('facebook')}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${at('linkedin')}`,
    pinterest: `https://pinterest.com/pin/create/button/?url=${at('pinterest')}${media}&description=${title}`,
  };
}

/** Copies text: the Clipboard API, else (insecure pages, older browsers) a selected text area. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** The device's share sheet, when it has one and takes this content. */
function nativeShareData(content: ShareContent): ShareData | null {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  const data = { title: content.title, text: content.text, url: taggedUrl(content.url, 'native') };
  return !navigator.canShare || navigator.canShare(data) ? data : null;
}

const FEEDBACK_MS = 5000;

export function ShareButton(content: ShareContent) {
  const [feedback, setFeedback] = useState('');
  // After the share sheet failed (not cancelled), the menu is the way.
  const [sheetFailed, setSheetFailed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const painted = usePainted();
  const clear = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clear.current), []);

  const say = (message: string) => {
    setFeedback(message);
    clearTimeout(clear.current);
    clear.current = setTimeout(() => setFeedback(''), FEEDBACK_MS);
  };
  const copyLink = async () => {
    const link = taggedUrl(content.url, 'copy');
    say((await copyText(link)) ? 'Link copied' : `Could not copy the link: ${link}`);
  };

  const label = `Share ${content.title}`;
  const sheet = sheetFailed ? null : nativeShareData(content);
  const links = shareLinks(content);
  const button = (onClick?: () => void) => (
    <Button
      variant="default"
      leftSection={<IconShare size={18} aria-hidden />}
      aria-label={label}
      onClick={onClick}
    >
      Share
    </Button>
  );

  // Until the menu's code has come, the button opens the menu as soon as it has.
  const plainButton = button(() => setMenuOpen(true));

  return (
    <Group gap="xs" wrap="nowrap">
      {sheet ? (
        button(() => {
          navigator.share(sheet).catch((error: unknown) => {
            // The person closed the sheet: nothing to do.
            if (error instanceof DOMException && error.name === 'AbortError') return;
            setSheetFailed(true);
            setMenuOpen(true);
          });
        })
      ) : (
        <Suspense fallback={plainButton}>
          {painted ? (
            <ShareMenu
              label={label}
              links={links}
              opened={menuOpen}
              onChange={setMenuOpen}
              onCopyLink={copyLink}
              target={button()}
            />
          ) : (
            plainButton
          )}
        </Suspense>
      )}
      <Text role="status" size="sm" c="dark.6">
        {feedback}
      </Text>
    </Group>
  );
}
