// Watching for the browser's developer tools (SPEC §9: polled every 0.25 s), for the integrity
// events. devtools-detector is loaded after the page is up, keeping it out of the first paint.
import { CONSTANTS } from '@skillquiz/contracts/constants';

/** Calls onChange(open) as the tools open and close; returns the function that stops watching. */
export type WatchDevtools = (onChange: (open: boolean) => void) => () => void;

/**
 * The library's default set less its debugger checker, which compiles code from a string (refused by
 * the Content-Security-Policy, which allows no eval) and pauses the page on a breakpoint while the
 * tools are open; the performance checker covers Chromium, Safari and Firefox.
 */
export function cspSafeCheckers<C>(checkers: {
  erudaChecker: C;
  elementIdChecker: C;
  devtoolsFormatterChecker: C;
  performanceChecker: C;
}): C[] {
  return [
    checkers.erudaChecker,
    checkers.elementIdChecker,
    checkers.devtoolsFormatterChecker,
    checkers.performanceChecker,
  ];
}

/** The product's watcher: devtools-detector with the CSP-safe checkers. */
export const watchDevtoolsWithDetector: WatchDevtools = (onChange) => {
  let stopped = false;
  let stop = () => {};
  void import(/* webpackChunkName: "devtools" */ 'devtools-detector')
    .then(({ DevtoolsDetector, checkers }) => {
      if (stopped) return;
      const detector = new DevtoolsDetector({ checkers: cspSafeCheckers(checkers) });
      const listener = (isOpen: boolean) => onChange(isOpen);
      detector.setDetectDelay(CONSTANTS.DEVTOOLS.POLL_MS);
      detector.addListener(listener);
      detector.launch();
      stop = () => {
        detector.removeListener(listener);
        detector.stop();
      };
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    stop();
  };
};

/** Watches nothing: tests, and pages where the detector would only get in the way. */
export const watchNoDevtools: WatchDevtools = () => () => {};
