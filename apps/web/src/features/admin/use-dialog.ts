import { useCallback, useState } from 'react';

interface DialogState<T> {
  opened: boolean;
  /** What the dialog is about; kept after closing so the closing animation shows it still. */
  target: T | null;
  /** Changes on every opening: use it as a React key to start a form afresh. */
  key: number;
  /** Whether closing gives focus back to the button that opened the dialog. */
  returnFocus: boolean;
}

/** Open/close state of a modal about one item (a user, a banner...). */
export function useDialog<T>() {
  const [state, setState] = useState<DialogState<T>>({
    opened: false,
    target: null,
    key: 0,
    returnFocus: true,
  });
  const open = useCallback(
    (target: T) =>
      setState((current) => ({ opened: true, target, key: current.key + 1, returnFocus: true })),
    [],
  );
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  /**
   * Closes the dialog after its item was removed (the button that opened it goes too) and
   * focuses `element` instead, once the dialog has let go of the focus.
   */
  const closeAndFocus = useCallback((element: () => HTMLElement | null) => {
    setState((current) => ({ ...current, opened: false, returnFocus: false }));
    setTimeout(() => element()?.focus(), 0);
  }, []);
  return { ...state, open, close, closeAndFocus };
}
