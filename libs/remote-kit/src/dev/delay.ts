/**
 * Resolves after `ms`: fakes answer after a short pause, as a network would, so loading states show
 * and the pages behave as they do against the real services (never 0: a fake that answers in the
 * same tick hides ordering bugs).
 */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    });
  });
}
