// Integrity tracking on a question page (SPEC §3 tracking events): tab switches, going offline,
// developer tools opened/closed, clipboard use. Events go through the persistent queue.
import { TRACKING_EVENTS, type TrackingEventType } from '@skillquiz/contracts/constants';
import type { TrackingEvent, TrackingEventDetails } from '@skillquiz/contracts';
import { AwayPeriod } from './awayPeriod';
import type { WatchDevtools } from './devtools';

export interface TrackingTarget {
  token: string;
  questionNumber: number;
}

export interface IntegritySensors {
  /** Where events go (the question log's queue). */
  send(event: TrackingEvent): void;
  watchDevtools: WatchDevtools;
}

/** Starts listening; returns the function that stops every listener. */
export function startIntegrityTracking(target: TrackingTarget, sensors: IntegritySensors): () => void {
  const send = (event: TrackingEventType, eventDetails?: TrackingEventDetails) =>
    sensors.send({
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
  for (const [t, type, handler] of listeners) t.addEventListener(type, handler);

  // Opening the tools is reported once per change, not once per poll.
  let open = false;
  const stopDevtools = sensors.watchDevtools((isOpen) => {
    if (isOpen === open) return;
    open = isOpen;
    send(isOpen ? TRACKING_EVENTS.devToolsOpened : TRACKING_EVENTS.devToolsClosed);
  });

  return () => {
    // The question expired or changed while the candidate was away: record that absence up to now
    // rather than dropping it with the listeners (the return would otherwise never be seen).
    const now = Date.now();
    const tabAway = tab.back(now);
    if (tabAway) send(TRACKING_EVENTS.switchedTabs, tabAway);
    const offlineAway = offline.back(now);
    if (offlineAway) send(TRACKING_EVENTS.wentOffline, offlineAway);
    stopDevtools();
    for (const [t, type, handler] of listeners) t.removeEventListener(type, handler);
  };
}
