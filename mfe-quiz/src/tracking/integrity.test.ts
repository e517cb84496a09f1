import type { TrackingEvent } from '@skillquiz/contracts';
import { TRACKING_EVENTS } from '@skillquiz/contracts/constants';
import { cspSafeCheckers, type WatchDevtools } from './devtools';
import { startIntegrityTracking } from './integrity';

const sent = jest.fn<void, [TrackingEvent]>();
/** The devtools watcher's listener, once tracking started: the test plays the tools opening. */
let devtoolsChange: ((open: boolean) => void) | null = null;
const devtoolsStopped = jest.fn();
const watchDevtools: WatchDevtools = (onChange) => {
  devtoolsChange = onChange;
  return devtoolsStopped;
};
const sensors = { send: sent, watchDevtools };
const target = { token: 'tok_0123456789abcdefghij', questionNumber: 3 };

beforeEach(() => {
  sent.mockReset();
  devtoolsStopped.mockReset();
  devtoolsChange = null;
  jest.useFakeTimers({ now: 10_000 });
});
afterEach(() => jest.useRealTimers());

it('a tab switch still open when tracking stops (question expired or changed) is sent, ending now', () => {
  const stop = startIntegrityTracking(target, sensors);
  window.dispatchEvent(new Event('blur'));
  jest.setSystemTime(13_500);
  stop();
  expect(sent).toHaveBeenCalledTimes(1);
  expect(sent).toHaveBeenCalledWith({
    token: target.token,
    questionId: 3,
    event: TRACKING_EVENTS.switchedTabs,
    eventDetails: { l: 10_000, r: 13_500, t: 3_500 },
  });
  // The listeners are gone: a later return sends nothing more.
  window.dispatchEvent(new Event('focus'));
  expect(sent).toHaveBeenCalledTimes(1);
});

it('an offline period still open when tracking stops is sent, ending now', () => {
  const stop = startIntegrityTracking(target, sensors);
  window.dispatchEvent(new Event('offline'));
  jest.setSystemTime(12_000);
  stop();
  expect(sent).toHaveBeenCalledWith(
    expect.objectContaining({
      event: TRACKING_EVENTS.wentOffline,
      eventDetails: { l: 10_000, r: 12_000, t: 2_000 },
    }),
  );
});

it('an absence already over is sent once, not again on stop', () => {
  const stop = startIntegrityTracking(target, sensors);
  window.dispatchEvent(new Event('blur'));
  jest.setSystemTime(11_000);
  window.dispatchEvent(new Event('focus'));
  stop();
  expect(sent).toHaveBeenCalledTimes(1);
  expect(sent.mock.calls[0][0].eventDetails).toEqual({ l: 10_000, r: 11_000, t: 1_000 });
});

it('the developer-tools checkers leave out the debugger checker (code from a string, refused by the CSP) and the load-sensitive performance checker', () => {
  const names = cspSafeCheckers(
    {
      erudaChecker: 'eruda',
      elementIdChecker: 'element-id',
      devtoolsFormatterChecker: 'devtools-formatter',
    },
    'console-timing',
  );
  expect(names).toEqual(['eruda', 'element-id', 'devtools-formatter', 'console-timing']);
});

it('developer tools opening is reported once per change; stopping stops the watcher', () => {
  const stop = startIntegrityTracking(target, sensors);
  devtoolsChange!(true);
  devtoolsChange!(true);
  expect(sent).toHaveBeenCalledWith({
    token: target.token,
    questionId: 3,
    event: TRACKING_EVENTS.devToolsOpened,
  });
  expect(sent).toHaveBeenCalledTimes(1);
  devtoolsChange!(false);
  expect(sent).toHaveBeenLastCalledWith({
    token: target.token,
    questionId: 3,
    event: TRACKING_EVENTS.devToolsClosed,
  });
  stop();
  expect(devtoolsStopped).toHaveBeenCalledTimes(1);
});
