// When console timing may say "developer tools open" (docs/DECISIONS.md: a trustworthy
// developer-tools signal). The method (devtools-detector's and disable-devtool's "performance"
// check): with the tools open, console.table of a large array makes the browser build a preview of
// every cell, hundreds of times slower than console.log of the same array; with them closed both
// cost next to nothing. A loaded machine slows any call at random, so one slow call proves nothing:
// the library compared one table call with the slowest log call ever seen and reported 3-7 openings
// to candidates who never opened the tools. Here a sample counts only when its table calls are all
// far slower than log calls made the same way in the same tick, and the state changes only after
// several samples in a row agree.

/** One tick's console timings, in ms. */
export interface ConsoleTiming {
  /** console.table of the large array (slow only while a console is attached). */
  probes: readonly number[];
  /** console.log of the same array, around the probes: how slow the machine is right now. */
  controls: readonly number[];
}

export const DEVTOOLS_RULE = {
  /** Every probe at least this many times the slowest control (open tools measured 20-400x). */
  RATIO: 10,
  /** Controls below this count as this (timer resolution, 0.1 ms in Chromium): probes >= 10 ms. */
  CONTROL_FLOOR_MS: 1,
  /** Samples in a row (polled every 250 ms, SPEC §9) that must agree before the state changes. */
  OPEN_AFTER: 3,
  CLOSE_AFTER: 3,
} as const;

/** True when this tick's probes are all far slower than its controls. */
export function timingLooksOpen({ probes, controls }: ConsoleTiming): boolean {
  if (probes.length === 0) return false;
  const control = Math.max(DEVTOOLS_RULE.CONTROL_FLOOR_MS, ...controls);
  return Math.min(...probes) >= DEVTOOLS_RULE.RATIO * control;
}

export interface DevtoolsState {
  open: boolean;
  /** Samples in a row that disagreed with `open`. */
  streak: number;
}

export const INITIAL_DEVTOOLS_STATE: DevtoolsState = { open: false, streak: 0 };

/** The state after one more sample: it flips only after OPEN_AFTER / CLOSE_AFTER samples agree. */
export function nextDevtoolsState(state: DevtoolsState, looksOpen: boolean): DevtoolsState {
  if (looksOpen === state.open) return { open: state.open, streak: 0 };
  const streak = state.streak + 1;
  const needed = state.open ? DEVTOOLS_RULE.CLOSE_AFTER : DEVTOOLS_RULE.OPEN_AFTER;
  return streak >= needed ? { open: looksOpen, streak: 0 } : { open: state.open, streak };
}
