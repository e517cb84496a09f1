import { sampleConsoleTiming } from './devtools';
import {
  INITIAL_DEVTOOLS_STATE,
  nextDevtoolsState,
  timingLooksOpen,
  type ConsoleTiming,
  type DevtoolsState,
} from './devtoolsRule';

/** The states after each sample, from closed. */
function run(samples: ConsoleTiming[]): boolean[] {
  let state: DevtoolsState = INITIAL_DEVTOOLS_STATE;
  return samples.map((s) => (state = nextDevtoolsState(state, timingLooksOpen(s))).open);
}

// Recorded in headless Chromium with this sampler every 250 ms, the tools closed and the CPU
// throttled 20x (CDP Emulation.setCPUThrottlingRate): the slowest of 227 ticks, none anomalous. Table
// calls of 10-33 ms, which devtools-detector's rule (one table call against the slowest log ever
// seen) could call open, come with log calls as slow in the same tick.
const loadedClosed: ConsoleTiming[] = [
  { probes: [25.2], controls: [64.3, 27.3] },
  { probes: [24.1], controls: [15.7, 22] },
  { probes: [10], controls: [57.6, 25] },
  { probes: [9.3], controls: [23.6, 0.2] },
  { probes: [23.3], controls: [0.1, 71.8] },
  { probes: [21.4], controls: [23.4, 9.3] },
  { probes: [32.8], controls: [16.4, 32.5] },
  // A preemption inside the first table call alone: the second call of the tick is fast again.
  { probes: [20.3, 0.1], controls: [0.1, 0.1, 0.1] },
];

// The same browser with a console attached (CDP Runtime.enable, as the developer tools do; also
// any automation that listens to the console), throttled 6x: table calls of 0.6-1.6 s.
const attached: ConsoleTiming[] = [
  { probes: [1290.3, 992.8], controls: [9.1, 20.4, 53.5] },
  { probes: [658.6, 988.5], controls: [15.8, 8.5, 0.8] },
  { probes: [1562.3, 1356], controls: [8.3, 86.2, 13.2] },
];

it('a slow machine with the tools closed never reads as open, tick by tick or in a row', () => {
  expect(loadedClosed.filter(timingLooksOpen)).toEqual([]);
  expect(run(loadedClosed)).not.toContain(true);
  // Timer resolution: 0.2 ms against 0 ms logs is noise, not a ratio.
  expect(timingLooksOpen({ probes: [0.2, 0.2], controls: [0, 0, 0] })).toBe(false);
});

it('a loaded machine with isolated slow table calls stays closed for a whole quiz', () => {
  const spike: ConsoleTiming = { probes: [25, 30], controls: [0.1, 0.1, 0.1] };
  const quiet: ConsoleTiming = { probes: [0.1], controls: [0.1, 0.1] };
  // Two anomalous ticks in a row, then a quiet one, for 20 minutes of 250 ms polls.
  const samples = Array.from({ length: 4800 }, (_, i) => (i % 3 === 2 ? quiet : spike));
  expect(run(samples)).not.toContain(true);
});

it('open tools are seen after three ticks in a row, and closed after three clean ones', () => {
  expect(attached.every(timingLooksOpen)).toBe(true);
  const clean: ConsoleTiming = { probes: [0.1], controls: [0.1, 0.0] };
  expect(run([...attached, clean, clean, attached[0], clean, clean, clean])).toEqual([
    false,
    false,
    true,
    true, // one or two clean ticks (a slow control, say) do not close
    true,
    true,
    true,
    true,
    false,
  ]);
});

it('a sample makes a second table call only when the first looked slow', () => {
  const calls: string[] = [];
  let clock = 0;
  let tableMs = 0.1;
  const out = {
    log: () => void (calls.push('log'), (clock += 0.1)),
    table: () => void (calls.push('table'), (clock += tableMs)),
    clear: () => void calls.push('clear'),
  };
  expect(sampleConsoleTiming(out, () => clock, []).probes).toHaveLength(1);
  expect(calls).toEqual(['log', 'table', 'log', 'clear']);
  calls.length = 0;
  tableMs = 300;
  const slow = sampleConsoleTiming(out, () => clock, []);
  expect(slow.probes.map(Math.round)).toEqual([300, 300]);
  expect(calls).toEqual(['log', 'table', 'log', 'table', 'log', 'clear']);
});
