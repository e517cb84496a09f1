// Watching for the browser's developer tools (SPEC §9: polled every 0.25 s), for the integrity
// events. devtools-detector is loaded after the page is up, keeping it out of the first paint; its
// timing check is replaced by ours (./devtoolsRule), which a loaded machine does not trip.
import { CONSTANTS } from '@skillquiz/contracts/constants';
import {
  INITIAL_DEVTOOLS_STATE,
  nextDevtoolsState,
  timingLooksOpen,
  type ConsoleTiming,
} from './devtoolsRule';

/** Calls onChange(open) as the tools open and close; returns the function that stops watching. */
export type WatchDevtools = (onChange: (open: boolean) => void) => () => void;

/** devtools-detector's checker shape. */
interface StatusChecker {
  readonly name: string;
  isOpen(): Promise<boolean>;
  isEnable(): Promise<boolean>;
}

/**
 * The library's checkers we keep: the ones that catch the tools by what they do (eruda's panel, the
 * inspector reading an element's id in Safari, the console asking a custom formatter), which load
 * cannot fake. Left out: its performance checker (one timing against a session-wide maximum; false
 * openings under load), replaced by `timing`, and its debugger checker, which compiles code from a
 * string (refused by the Content-Security-Policy) and pauses the page while the tools are open.
 */
export function cspSafeCheckers<C>(
  checkers: { erudaChecker: C; elementIdChecker: C; devtoolsFormatterChecker: C },
  timing: C,
): C[] {
  return [checkers.erudaChecker, checkers.elementIdChecker, checkers.devtoolsFormatterChecker, timing];
}

/** 50 references to one object of 500 keys: cheap to hold, slow to preview cell by cell. */
function largeArray(): unknown[] {
  const row: Record<string, number> = {};
  for (let i = 0; i < 500; i++) row[i] = i;
  return Array.from({ length: 50 }, () => row);
}

type ConsoleCalls = Pick<Console, 'table' | 'log' | 'clear'>;

/**
 * One tick: log (control), table (probe), log (control); a second table and log only when the first
 * table already looked slow, so a closed console costs three cheap calls.
 */
export function sampleConsoleTiming(out: ConsoleCalls, now: () => number, data: unknown): ConsoleTiming {
  const time = (call: () => void) => {
    const start = now();
    call();
    return now() - start;
  };
  const controls = [time(() => out.log(data))];
  const probes = [time(() => out.table(data))];
  controls.push(time(() => out.log(data)));
  if (timingLooksOpen({ probes, controls })) {
    probes.push(time(() => out.table(data)));
    controls.push(time(() => out.log(data)));
  }
  out.clear();
  return { probes, controls };
}

/** A checker holding the debounced verdict of ./devtoolsRule over its samples. */
export function consoleTimingChecker(sample: () => ConsoleTiming): StatusChecker {
  let state = INITIAL_DEVTOOLS_STATE;
  return {
    name: 'console-timing',
    isOpen: async () => {
      state = nextDevtoolsState(state, timingLooksOpen(sample()));
      return state.open;
    },
    isEnable: async () => typeof console.table === 'function' && typeof performance !== 'undefined',
  };
}

/** The product's watcher: devtools-detector with the CSP-safe checkers and our timing rule. */
export const watchDevtoolsWithDetector: WatchDevtools = (onChange) => {
  let stopped = false;
  let stop = () => {};
  void import(/* webpackChunkName: "devtools" */ 'devtools-detector')
    .then(({ DevtoolsDetector, checkers }) => {
      if (stopped) return;
      // The console's own methods, taken now: a page script replacing console.log cannot skew it.
      const out: ConsoleCalls = {
        table: console.table.bind(console),
        log: console.log.bind(console),
        clear: console.clear.bind(console),
      };
      const data = largeArray();
      const timing = consoleTimingChecker(() => sampleConsoleTiming(out, () => performance.now(), data));
      const detector = new DevtoolsDetector({ checkers: cspSafeCheckers(checkers, timing) });
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
