import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff, IconPlayerStop } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Frames read a second, about. */
const READ_EVERY_MS = 200;
/** The same code read again within this long (without another code between) is one scan. */
const SAME_CODE_MS = 3_000;
/** Frames are scaled down to this many pixels on their long side before jsQR reads them. */
const JSQR_SIDE = 640;

export const CAMERA_UNAVAILABLE = 'Camera not available: type the code instead.';

/** The part of the Barcode Detection API used here; TypeScript's DOM types do not have it yet. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Reads the QR code in the video's current frame, or null. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * The browser's own detector when it reads QR codes; otherwise jsQR on a canvas, loaded only now
 * so that it is not in the app's main bundle.
 */
async function makeFrameReader(): Promise<FrameReader> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass })
    .BarcodeDetector;
  if (Detector) {
    try {
      const formats = Detector.getSupportedFormats
        ? await Detector.getSupportedFormats()
        : ['qr_code'];
      if (formats.includes('qr_code')) {
        const detector = new Detector({ formats: ['qr_code'] });
        return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
      }
    } catch {
      // A detector that cannot read QR codes here: jsQR can.
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.readyState < 2 || !video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, JSQR_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    return jsQR(frame.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** Why the camera could not start, in words for the person at the door. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'The browser was not allowed to use the camera. Allow it in the site settings to scan.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'This device has no camera the page can use.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is busy: another app may be using it.';
    default:
      return 'The camera could not start.';
  }
}

type CameraState = 'off' | 'starting' | 'on' | 'unavailable';

/**
 * The door's camera: off until staff start it, then reads QR codes about five times a second and
 * hands each code to `onCode` once per presentation (the same code read again within 3 seconds is
 * ignored). Stops its tracks when stopped or unmounted.
 */
export function CameraScanner({
  onCode,
  isCode,
}: {
  onCode: (code: string) => void;
  /** Whether what a QR code holds may be a ticket; others are refused here, not sent. */
  isCode: (read: string) => boolean;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  /** Bumped on every start and stop, so that a start still waiting for the camera gives up. */
  const sessionRef = useRef(0);
  const lastReadRef = useRef<{ code: string; at: number } | null>(null);
  const onCodeRef = useRef(onCode);
  const isCodeRef = useRef(isCode);
  useEffect(() => {
    onCodeRef.current = onCode;
    isCodeRef.current = isCode;
  }, [onCode, isCode]);
  const [state, setState] = useState<CameraState>('off');
  const [problem, setProblem] = useState<string | null>(null);
  const [notTicket, setNotTicket] = useState(false);

  const release = useCallback(() => {
    sessionRef.current += 1;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  // Leaving the page turns the camera off.
  useEffect(() => release, [release]);

  const stop = () => {
    release();
    setNotTicket(false);
    setState('off');
  };

  const start = async () => {
    release();
    const session = sessionRef.current;
    setProblem(null);
    setNotTicket(false);
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      setProblem('This browser gives the page no camera (it needs a secure https address).');
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
      });
      if (session !== sessionRef.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      streamRef.current = stream;
      for (const track of stream.getVideoTracks()) {
        track.addEventListener('ended', () => {
          if (session !== sessionRef.current) return;
          release();
          setProblem('The camera stopped.');
          setState('unavailable');
        });
      }
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        // Some browsers refuse play() without a gesture; the autoplay attribute covers them.
        await video.play().catch(() => undefined);
      }
      lastReadRef.current = null;
      if (session === sessionRef.current) setState('on');
    } catch (error) {
      if (session !== sessionRef.current) return;
      release();
      setProblem(cameraProblem(error));
      setState('unavailable');
    }
  };

  // Reads frames while the camera is on.
  useEffect(() => {
    if (state !== 'on') return;
    let live = true;
    let busy = false;
    let reader: FrameReader | null = null;
    makeFrameReader().then(
      (made) => {
        reader = made;
      },
      () => {
        if (!live) return;
        setProblem('The QR code reader could not load. Check the connection, or type the code.');
      },
    );
    const timer = window.setInterval(() => {
      const video = videoRef.current;
      if (!reader || busy || !video) return;
      busy = true;
      reader(video)
        .then((read) => {
          if (!live || !read) return;
          const code = read.trim();
          const now = Date.now();
          const last = lastReadRef.current;
          lastReadRef.current = { code, at: now };
          if (last && last.code === code && now - last.at < SAME_CODE_MS) return;
          if (!isCodeRef.current(code)) {
            setNotTicket(true);
            return;
          }
          setNotTicket(false);
          onCodeRef.current(code);
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, READ_EVERY_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [state]);

  const running = state === 'on' || state === 'starting';
  return (
    <Stack gap="sm">
      <Box
        component="video"
        ref={(video: HTMLVideoElement | null) => {
          videoRef.current = video;
          // The muted attribute, not only the property React sets: iOS plays inline only then.
          if (video) video.defaultMuted = true;
        }}
        aria-label="Camera"
        playsInline
        muted
        autoPlay
        hidden={!running}
        w="100%"
        maw={480}
        bg="dark.9"
        style={{ display: running ? 'block' : 'none', maxHeight: '35vh', objectFit: 'cover' }}
        bdrs="md"
      />
      {state === 'starting' ? <Text fz="sm">Starting the camera…</Text> : null}
      {state === 'on' ? (
        <Text fz="sm">Hold the ticket’s QR code in front of the camera.</Text>
      ) : null}
      {notTicket && state === 'on' ? (
        <Text fz="sm" fw={600} c="red.9">
          That QR code is not a ticket.
        </Text>
      ) : null}
      {state === 'unavailable' ? (
        <Alert color="orange" icon={<IconCameraOff aria-hidden />} title={CAMERA_UNAVAILABLE}>
          <Text fz="sm" c="dark.8">
            {problem}
          </Text>
        </Alert>
      ) : problem ? (
        <Text fz="sm" c="red.9">
          {problem}
        </Text>
      ) : null}
      <Group gap="sm">
        {running ? (
          <Button
            variant="default"
            leftSection={<IconPlayerStop size={18} aria-hidden />}
            onClick={stop}
          >
            Stop camera
          </Button>
        ) : (
          <Button leftSection={<IconCamera size={18} aria-hidden />} onClick={() => void start()}>
            Start camera
          </Button>
        )}
      </Group>
    </Stack>
  );
}
