// "After the page is interactive": the browser's next idle period (requestIdleCallback), with a
// deadline so a busy page still gets there; a short timer where the API does not exist.
const DEADLINE_MS = 2000;
const FALLBACK_MS = 200;

/** Runs fn once the browser is idle; returns a cancel function. */
export function whenIdle(fn: () => void): () => void {
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => fn(), { timeout: DEADLINE_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, FALLBACK_MS);
  return () => clearTimeout(id);
}

export const nextIdle = (): Promise<void> => new Promise((resolve) => whenIdle(resolve));
