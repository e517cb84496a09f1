import { useEffect, useState } from 'react';

/** Whether the window has focus, from blur/focus events (starts true: headless and embedded pages report no focus). */
export function useWindowFocused(enabled: boolean): boolean {
  const [focused, setFocused] = useState(true);
  useEffect(() => {
    if (!enabled) return undefined;
    const onBlur = () => setFocused(false);
    const onFocus = () => setFocused(true);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, [enabled]);
  return !enabled || focused;
}

/** Closing or reloading the page asks for confirmation (SPEC §2). */
export function useBeforeUnloadGuard(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // older browsers need it set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [enabled]);
}

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return undefined;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
