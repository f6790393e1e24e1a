import { Button, Group, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { usePainted } from '../lib/use-painted';
import { taggedUrl, type ShareContent } from './share-links';

// The menu (and the positioning library under it) loads after the page has drawn.
const ShareMenu = lazy(() => import('./share-menu').then((m) => ({ default: m.ShareMenu })));

/**
 * Sharing a public page: the device's share sheet where there is one, else a menu of the usual
 * channels. Every link carries utm_* tags naming its channel, so that the orders it brings are
 * attributed to it (lib/attribution). Meta does not allow selling alcohol on its platforms, so
 * this shares links and their previews, nothing more.
 */

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
              content={content}
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
