// Leaving a form with unsaved changes asks first: in-app navigation (links, the top bar, the
// browser's back button) through react-router's useBlocker, which needs the shell's data router;
// closing or reloading the tab through beforeunload (the browser shows its own wording there).
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Location } from 'react-router-dom';

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Are you sure you want to leave?';

const defaultConfirm = (text: string) => window.confirm(text);

export interface UnsavedChangesGuardOptions {
  /** There are unsaved changes. */
  when: boolean;
  /** Destinations that keep the edits (e.g. another page of the same form): never prompted. */
  keepsEdits?: (next: Location) => boolean;
  message?: string;
  /** Asks the user; window.confirm unless a test or a custom dialog says otherwise. */
  confirm?: (message: string) => boolean;
}

/**
 * Returns `allowNextNavigation()`: call it right before a navigation the form itself starts after
 * a save or a delete, which must not prompt even though the render that clears `when` has not
 * happened yet.
 */
export function useUnsavedChangesGuard({
  when,
  keepsEdits,
  message = UNSAVED_CHANGES_MESSAGE,
  confirm = defaultConfirm,
}: UnsavedChangesGuardOptions): { allowNextNavigation(): void } {
  // Refs, so the blocker function stays the same across renders and always reads the latest state.
  const latest = useRef({ when, keepsEdits });
  const released = useRef(false);
  useEffect(() => {
    latest.current = { when, keepsEdits };
    if (!when) released.current = false;
  });

  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) => {
      const { when: dirty, keepsEdits: keeps } = latest.current;
      if (!dirty || released.current) return false;
      if (currentLocation.pathname === nextLocation.pathname) return false;
      return !(keeps?.(nextLocation) ?? false);
    },
    [],
  );
  const blocker = useBlocker(shouldBlock);

  const asked = useRef<typeof blocker | null>(null);
  useEffect(() => {
    // Ask once per blocked navigation, however often the page re-renders meanwhile.
    if (blocker.state !== 'blocked' || asked.current === blocker) return;
    asked.current = blocker;
    if (confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, confirm, message]);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only prompt when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return useRef({ allowNextNavigation: () => void (released.current = true) }).current;
}
