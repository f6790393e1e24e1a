import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { CAMERA_UNAVAILABLE, CameraScanner } from './camera-scanner';

const CODE = 'ABCDEFGHJKMNPQRSTVWXYZ0123';

/** A camera whose one track records being stopped. */
function fakeCamera() {
  const track = { stop: vi.fn(), addEventListener: vi.fn() };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  const getUserMedia = vi.fn(() => Promise.resolve(stream as unknown as MediaStream));
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  return { track, getUserMedia };
}

/** The browser's QR detector, reading whatever `reads` holds now, frame after frame. */
function fakeDetector(reads: { value: string | null }) {
  const detect = vi.fn(() =>
    Promise.resolve(reads.value === null ? [] : [{ rawValue: reads.value }]),
  );
  class Detector {
    constructor(readonly options: { formats: string[] }) {}
    detect = detect;
    static getSupportedFormats = () => Promise.resolve(['qr_code', 'ean_13']);
  }
  vi.stubGlobal('BarcodeDetector', Detector);
  return detect;
}

beforeEach(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const isCode = (read: string) => read === CODE;

describe('the camera scanner', () => {
  it('starts only when asked, with the back camera', async () => {
    const { getUserMedia } = fakeCamera();
    fakeDetector({ value: null });
    renderInApp(<CameraScanner onCode={() => undefined} isCode={isCode} />);
    expect(getUserMedia).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });
    expect(await screen.findByRole('button', { name: 'Stop camera' })).toBeVisible();
    expect(screen.getByLabelText('Camera')).toHaveAttribute('playsinline');
  });

  it('hands over a code once while it stays in front of the camera', async () => {
    fakeCamera();
    const reads = { value: CODE as string | null };
    const detect = fakeDetector(reads);
    const onCode = vi.fn();
    renderInApp(<CameraScanner onCode={onCode} isCode={isCode} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(CODE), { timeout: 3000 });
    // Read again and again, about five times a second, it is still one scan.
    await waitFor(() => expect(detect.mock.calls.length).toBeGreaterThan(3), { timeout: 3000 });
    expect(onCode).toHaveBeenCalledTimes(1);
  });

  it('says a QR code that is no ticket is not one, and does not hand it over', async () => {
    fakeCamera();
    fakeDetector({ value: 'https://example.com' });
    const onCode = vi.fn();
    renderInApp(<CameraScanner onCode={onCode} isCode={isCode} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(await screen.findByText('That QR code is not a ticket.')).toBeVisible();
    expect(onCode).not.toHaveBeenCalled();
  });

  it('stops the camera when stopped, and when the page goes', async () => {
    const { track } = fakeCamera();
    fakeDetector({ value: null });
    const view = renderInApp(<CameraScanner onCode={() => undefined} isCode={isCode} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop camera' }));
    expect(track.stop).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    await screen.findByRole('button', { name: 'Stop camera' });
    view.unmount();
    expect(track.stop).toHaveBeenCalledTimes(2);
  });

  it('says to type the code when the camera is refused', async () => {
    const { getUserMedia } = fakeCamera();
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderInApp(<CameraScanner onCode={() => undefined} isCode={isCode} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(await screen.findByText(CAMERA_UNAVAILABLE)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start camera' })).toBeVisible();
  });

  it('says to type the code when there is no camera at all', async () => {
    renderInApp(<CameraScanner onCode={() => undefined} isCode={isCode} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(await screen.findByText(CAMERA_UNAVAILABLE)).toBeVisible();
  });
});
