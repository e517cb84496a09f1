import { TRACKING_EVENTS } from '@skillquiz/contracts/constants';
import { startIntegrityTracking } from './integrity';
import { sendTrackingEvent } from './questionLog';

jest.mock('./questionLog', () => ({ sendTrackingEvent: jest.fn() }));
jest.mock('devtools-detector', () => ({
  checkers: {
    erudaChecker: { name: 'eruda' },
    elementIdChecker: { name: 'element-id' },
    devtoolsFormatterChecker: { name: 'devtools-formatter' },
    performanceChecker: { name: 'performance' },
    debuggerChecker: { name: 'debugger-checker' },
  },
  DevtoolsDetector: jest.fn().mockImplementation(() => ({
    setDetectDelay: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    launch: jest.fn(),
    stop: jest.fn(),
  })),
}));

const sent = sendTrackingEvent as jest.MockedFunction<typeof sendTrackingEvent>;
const target = { token: 'tok_0123456789abcdefghij', questionNumber: 3 };

beforeEach(() => {
  sent.mockReset();
  jest.useFakeTimers({ now: 10_000 });
});
afterEach(() => jest.useRealTimers());

it('a tab switch still open when tracking stops (question expired or changed) is sent, ending now', () => {
  const stop = startIntegrityTracking(target);
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
  const stop = startIntegrityTracking(target);
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
  const stop = startIntegrityTracking(target);
  window.dispatchEvent(new Event('blur'));
  jest.setSystemTime(11_000);
  window.dispatchEvent(new Event('focus'));
  stop();
  expect(sent).toHaveBeenCalledTimes(1);
  expect(sent.mock.calls[0][0].eventDetails).toEqual({ l: 10_000, r: 11_000, t: 1_000 });
});

it('watches for developer tools without the debugger checker, which the CSP would refuse (code from a string)', async () => {
  const { DevtoolsDetector } = jest.requireMock('devtools-detector') as { DevtoolsDetector: jest.Mock };
  DevtoolsDetector.mockClear();
  const stop = startIntegrityTracking(target);
  for (let i = 0; i < 20 && DevtoolsDetector.mock.calls.length === 0; i++) await Promise.resolve();
  expect(DevtoolsDetector).toHaveBeenCalledTimes(1);
  const names = DevtoolsDetector.mock.calls[0][0].checkers.map((c: { name: string }) => c.name);
  expect(names).toContain('performance');
  expect(names).not.toContain('debugger-checker');
  const detector = DevtoolsDetector.mock.results[0].value;
  expect(detector.launch).toHaveBeenCalled();

  // Opening the tools is reported once; stopping stops the detector.
  const listener = detector.addListener.mock.calls[0][0] as (open: boolean) => void;
  listener(true);
  listener(true);
  expect(sent).toHaveBeenCalledWith({
    token: target.token,
    questionId: 3,
    event: TRACKING_EVENTS.devToolsOpened,
  });
  expect(sent).toHaveBeenCalledTimes(1);
  stop();
  expect(detector.stop).toHaveBeenCalled();
});
