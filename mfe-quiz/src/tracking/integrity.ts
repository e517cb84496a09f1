// Integrity tracking on a question page (SPEC §3 tracking events): tab switches, going offline,
// developer tools opened/closed, clipboard use. Events go through the persistent queue.
import { CONSTANTS, TRACKING_EVENTS, type TrackingEventType } from '@skillquiz/contracts/constants';
import type { TrackingEventDetails } from '@skillquiz/contracts';
import { AwayPeriod } from './awayPeriod';
import { sendTrackingEvent } from './questionLog';

export interface TrackingTarget {
  token: string;
  questionNumber: number;
}

/** Starts listening; returns the function that stops every listener. */
export function startIntegrityTracking(target: TrackingTarget): () => void {
  const send = (event: TrackingEventType, eventDetails?: TrackingEventDetails) =>
    sendTrackingEvent({
      token: target.token,
      questionId: target.questionNumber,
      event,
      ...(eventDetails ? { eventDetails } : {}),
    });

  const tab = new AwayPeriod();
  const offline = new AwayPeriod();

  const onLeave = () => tab.leave(Date.now());
  const onReturn = () => {
    if (document.visibilityState === 'hidden') return;
    const details = tab.back(Date.now());
    if (details) send(TRACKING_EVENTS.switchedTabs, details);
  };
  const onVisibility = () => (document.visibilityState === 'hidden' ? onLeave() : onReturn());
  const onOffline = () => offline.leave(Date.now());
  const onOnline = () => {
    const details = offline.back(Date.now());
    if (details) send(TRACKING_EVENTS.wentOffline, details);
  };
  const onClipboard = () => send(TRACKING_EVENTS.usedClipboard);

  // One table for adding and removing, so the cleanup can never miss a listener.
  const listeners: [EventTarget, string, () => void][] = [
    [document, 'visibilitychange', onVisibility],
    [window, 'blur', onLeave],
    [window, 'focus', onReturn],
    [window, 'offline', onOffline],
    [window, 'online', onOnline],
    [document, 'copy', onClipboard],
    [document, 'cut', onClipboard],
    [document, 'paste', onClipboard],
  ];
  for (const [target, type, handler] of listeners) target.addEventListener(type, handler);

  // devtools-detector is loaded after the page is up, keeping it out of the first paint.
  let stopped = false;
  let stopDevtools = () => {};
  void import(/* webpackChunkName: "devtools" */ 'devtools-detector')
    .then(({ DevtoolsDetector, checkers }) => {
      if (stopped) return;
      // The library's default set less its debugger checker, which compiles code from a string
      // (refused by the Content-Security-Policy, which allows no eval) and pauses the page on a
      // breakpoint while the tools are open; the performance checker covers Chromium, Safari, Firefox.
      const detector = new DevtoolsDetector({
        checkers: [
          checkers.erudaChecker,
          checkers.elementIdChecker,
          checkers.devtoolsFormatterChecker,
          checkers.performanceChecker,
        ],
      });
      let open = false;
      const listener = (isOpen: boolean) => {
        if (isOpen === open) return;
        open = isOpen;
        send(isOpen ? TRACKING_EVENTS.devToolsOpened : TRACKING_EVENTS.devToolsClosed);
      };
      detector.setDetectDelay(CONSTANTS.DEVTOOLS.POLL_MS);
      detector.addListener(listener);
      detector.launch();
      stopDevtools = () => {
        detector.removeListener(listener);
        detector.stop();
      };
    })
    .catch(() => undefined);

  return () => {
    stopped = true;
    // The question expired or changed while the candidate was away: record that absence up to now
    // rather than dropping it with the listeners (the return would otherwise never be seen).
    const now = Date.now();
    const tabAway = tab.back(now);
    if (tabAway) send(TRACKING_EVENTS.switchedTabs, tabAway);
    const offlineAway = offline.back(now);
    if (offlineAway) send(TRACKING_EVENTS.wentOffline, offlineAway);
    stopDevtools();
    for (const [target, type, handler] of listeners) target.removeEventListener(type, handler);
  };
}
