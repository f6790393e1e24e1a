import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { ShareButton } from './share-button';

const page = {
  url: '/business/cascadia-hollow-cellars',
  title: 'Cascadia Hollow Cellars',
  text: 'Willamette Valley wines, on Bevy.',
  image: '/uploads/cascadia.jpg',
};
const origin = window.location.origin;

/** The shared page's address inside a share link, and its utm_* tags. */
function sharedPage(link: string, param: string) {
  const shared = new URL(new URL(link).searchParams.get(param)!);
  return {
    page: `${shared.origin}${shared.pathname}`,
    tags: Object.fromEntries(shared.searchParams),
  };
}

const tags = (source: string, medium = 'social') => ({
  utm_source: source,
  utm_medium: medium,
  utm_campaign: 'share',
});

async function openMenu() {
  const user = userEvent.setup({ delay: null });
  renderInApp(<ShareButton {...page} />);
  await user.click(screen.getByRole('button', { name: 'Share Cascadia Hollow Cellars' }));
  // The menu's code loads after the page has drawn; a click before it opens the menu when it has.
  await screen.findByRole('menu');
  return user;
}

const item = (name: RegExp) => screen.getByRole('menuitem', { name });

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
});

describe('the share menu (no share sheet on this device)', () => {
  it('links each channel to the page with its own utm tags, in a new tab', async () => {
    await openMenu();
    const href = (name: RegExp) => item(name).getAttribute('href')!;
    const expected = `${origin}/business/cascadia-hollow-cellars`;

    expect(href(/^X/)).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
    expect(sharedPage(href(/^X/), 'url')).toEqual({ page: expected, tags: tags('x') });
    expect(new URL(href(/^X/)).searchParams.get('text')).toBe(page.title);

    expect(href(/^Facebook/)).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?/);
    expect(sharedPage(href(/^Facebook/), 'u')).toEqual({ page: expected, tags: tags('facebook') });

    expect(href(/^LinkedIn/)).toMatch(/^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?/);
    expect(sharedPage(href(/^LinkedIn/), 'url')).toEqual({
      page: expected,
      tags: tags('linkedin'),
    });

    const pin = new URL(href(/^Pinterest/));
    expect(`${pin.origin}${pin.pathname}`).toBe('https://pinterest.com/pin/create/button/');
    expect(sharedPage(pin.toString(), 'url')).toEqual({ page: expected, tags: tags('pinterest') });
    expect(pin.searchParams.get('media')).toBe(`${origin}/uploads/cascadia.jpg`);
    expect(pin.searchParams.get('description')).toBe(page.title);

    for (const name of [/^X/, /^Facebook/, /^LinkedIn/, /^Pinterest/]) {
      expect(item(name)).toHaveAttribute('target', '_blank');
      expect(item(name)).toHaveAttribute('rel', 'noopener noreferrer');
      expect(item(name)).toHaveAccessibleName(expect.stringMatching(/opens in a new tab/));
    }
  });

  it('emails a subject and a body with the tagged link', async () => {
    await openMenu();
    const mail = item(/^Email/).getAttribute('href')!;
    expect(mail.startsWith('mailto:?')).toBe(true);
    const params = new URLSearchParams(mail.slice('mailto:?'.length));
    expect(params.get('subject')).toBe(page.title);
    const body = params.get('body')!;
    expect(body.startsWith(`${page.text}\n\n`)).toBe(true);
    const link = new URL(body.split('\n\n')[1]!);
    expect(Object.fromEntries(link.searchParams)).toEqual(tags('email', 'email'));
  });

  it('copies the link tagged as a copied link, and says so to screen readers', async () => {
    const user = await openMenu();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(item(/^Copy link/));
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = new URL(writeText.mock.calls[0]![0]);
    expect(copied.pathname).toBe(page.url);
    expect(Object.fromEntries(copied.searchParams)).toEqual(tags('link'));
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied');
  });

  it('copies through a selected text area where the Clipboard API refuses', async () => {
    const user = await openMenu();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    let selected = '';
    const execCommand = vi.fn((command: string) => {
      selected = document.querySelector('textarea')?.value ?? '';
      return command === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(item(/^Copy link/));
    await waitFor(() => expect(execCommand).toHaveBeenCalledWith('copy'));
    expect(new URL(selected).searchParams.get('utm_source')).toBe('link');
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied');
    // The helper text area is gone again.
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('the device’s share sheet', () => {
  function withShareSheet(share: (data: ShareData) => Promise<void>, canShare = true) {
    Object.defineProperty(navigator, 'share', { value: vi.fn(share), configurable: true });
    Object.defineProperty(navigator, 'canShare', { value: () => canShare, configurable: true });
    return navigator.share as ReturnType<typeof vi.fn>;
  }

  it('opens the share sheet with the tagged link instead of the menu', async () => {
    const share = withShareSheet(() => Promise.resolve());
    const user = userEvent.setup({ delay: null });
    renderInApp(<ShareButton {...page} />);
    await user.click(screen.getByRole('button', { name: 'Share Cascadia Hollow Cellars' }));
    expect(share).toHaveBeenCalledTimes(1);
    const data = share.mock.calls[0]![0] as ShareData;
    expect(data.title).toBe(page.title);
    expect(data.text).toBe(page.text);
    expect(Object.fromEntries(new URL(data.url!).searchParams)).toEqual(tags('share'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('uses the menu when the sheet does not take the content', async () => {
    const share = withShareSheet(() => Promise.resolve(), false);
    await openMenu();
    expect(screen.getByRole('menuitem', { name: /^Copy link/ })).toBeInTheDocument();
    expect(share).not.toHaveBeenCalled();
  });

  it('opens the menu when the sheet fails, but not when the person closes it', async () => {
    const share = withShareSheet(() => Promise.reject(new DOMException('closed', 'AbortError')));
    const user = userEvent.setup({ delay: null });
    renderInApp(<ShareButton {...page} />);
    const button = screen.getByRole('button', { name: 'Share Cascadia Hollow Cellars' });
    await user.click(button);
    expect(share).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    share.mockImplementation(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: /^Copy link/ })).toBeInTheDocument();
  });
});
