import { lazy, useState, type ComponentType, type ReactNode } from 'react';

/** A component whose code is its own chunk, with a way to fetch that code before it renders. */
export interface Preloadable<Props extends object> {
  (props: Props): ReactNode;
  /** Fetches and runs the component's code; once settled, it renders without suspending. */
  preload: () => Promise<void>;
}

/**
 * A component loaded on first use, like `React.lazy`, but one whose code is already here renders
 * at once instead of suspending (React.lazy suspends on its first render whatever the state of
 * the download), and whose code can be fetched before it renders.
 */
export function preloadable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Preloadable<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const fetchCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may be retried by the next render.
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(() => fetchCode().then((component) => ({ default: component })));
  function WhenLoaded(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Suspending);
    return <Shown {...props} />;
  }
  WhenLoaded.preload = () => fetchCode().then(() => undefined);
  return WhenLoaded;
}
