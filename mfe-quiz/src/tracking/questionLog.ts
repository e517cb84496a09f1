// The per-question log (POST .../question/{n}/log/), always through the queue.
import type { TrackingEvent } from '@skillquiz/contracts';
import { enqueue } from './queue';

export function logQuestionEvent(
  token: string,
  questionNumber: number,
  eventName: string,
  eventDetails?: unknown,
): void {
  void enqueue({ kind: 'log', token, questionNumber, body: { eventName, eventDetails } });
}

export function sendTrackingEvent(event: TrackingEvent): void {
  void enqueue({ kind: 'track', event });
}
