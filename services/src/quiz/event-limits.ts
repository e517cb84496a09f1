// Bounds on what a token holder may write through the event routes (/log, /tracking and the batch
// route /events), which accept writes for as long as the quiz exists (queued offline events are
// replayed later, even after the quiz finished: "nothing a user submitted is ever lost"), so they
// need their own caps.

/**
 * Event writes (/log, /tracking and /events together) per token per minute; beyond: 429. A batch
 * (at most CONSTANTS.EVENT_BATCH.MAX_EVENTS events) is one write: the page's queue sends what is
 * waiting in one request, and the per-quiz cap below bounds the events themselves.
 */
export const EVENT_WRITES_PER_MINUTE = 120;
export const EVENT_WRITE_WINDOW_MS = 60_000;

/**
 * Events stored per quiz (question logs and tracking events together). A whole quiz produces a
 * few hundred at most; beyond the cap nothing is stored and the client gets 429.
 */
export const MAX_EVENTS_PER_QUIZ = 5_000;

/**
 * The cap's 429 says to wait an hour. The cap never lifts, but every 429 carries Retry-After and
 * HTTP has no "never": a long wait tells a client that honours it to stop (the quiz page's event
 * queue gives up after its few retries either way).
 */
export const EVENT_CAP_RETRY_AFTER_SECONDS = 3600;
