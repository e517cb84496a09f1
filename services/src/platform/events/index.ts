// The product's one event mechanism. A state change records what must follow it as a pending event
// on the changed document itself, in the same write (platform/models/pending-event.ts); this service hands
// each pending event to its subscribers and then removes it from the document by id. Subscribers are
// registered by the composition root (src/composition.ts), never by the modules that emit events, so
// the emitters know nothing of jobs, mail or webhooks.
//
// Every subscriber must be idempotent: an event is delivered at least once (a process that dies after
// a subscriber ran and before the event was removed runs them all again on the next dispatch). The
// ones wired today are: enqueueing a job under a unique key made from the event id, and recomputing
// a summary or the norms from the quiz results.
//
// Dispatch happens right after the write (in the same request), and again for whatever is still
// pending a few seconds later (dispatchStale: at start, every minute, and `npm run repair`).
import mongoose, { Types } from 'mongoose';
import type { Logger } from '../log/logger';
import type { PendingEventDoc, PendingEventType } from '../models/pending-event';

export type { PendingEventDoc, PendingEventType } from '../models/pending-event';

/** The collections whose documents carry pending events. */
export const EVENT_SOURCES = ['invitations', 'quiz_results'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** Where an event came from, for subscribers that need the document. */
export interface EventOrigin {
  source: EventSource;
  id: string;
}

export type Subscriber = (event: PendingEventDoc, origin: EventOrigin) => Promise<void>;

export interface DispatchReport {
  /** Events handed to every subscriber and removed. */
  dispatched: number;
  /** Events a subscriber failed on: left pending for the next pass. */
  failed: number;
}

export interface Events {
  /** Adds a subscriber to one event type (the composition root does this, once per process). */
  on(type: PendingEventType, name: string, subscriber: Subscriber): void;
  /** Dispatches what is pending on one document now. Never throws: a failure stays pending. */
  dispatch(source: EventSource, id: Types.ObjectId | string): Promise<DispatchReport>;
  /**
   * Dispatches what is pending on many documents now (a bulk invite's invitations): one read of
   * their events and one write removing the delivered ones, the deliveries a few at a time. Never
   * throws: a failure stays pending.
   */
  dispatchMany(source: EventSource, ids: readonly (Types.ObjectId | string)[]): Promise<DispatchReport>;
  /** Dispatches every event pending for longer than `olderThanMs` (the reconciliation pass). */
  dispatchStale(olderThanMs: number, limit?: number): Promise<DispatchReport>;
}

/** A new pending event (the caller writes it with its state change). */
export function pendingEvent(
  type: PendingEventType,
  id: string,
  data: Record<string, unknown> = {},
  at = new Date(),
): PendingEventDoc {
  return { id, type, at, data };
}

function collection(source: EventSource) {
  const db = mongoose.connection.db;
  if (!db) throw new Error('events need a connected mongoose');
  return db.collection<{ _id: Types.ObjectId; pending_events?: PendingEventDoc[] }>(source);
}

/** dispatchMany reads this many documents' events at once, and delivers to this many at a time. */
const DISPATCH_BATCH = 500;
const DELIVERIES_AT_ONCE = 8;

const objectId = (id: Types.ObjectId | string) => (typeof id === 'string' ? new Types.ObjectId(id) : id);

export function createEvents(logger: Logger): Events {
  const subscribers = new Map<PendingEventType, { name: string; run: Subscriber }[]>();

  async function deliver(event: PendingEventDoc, origin: EventOrigin): Promise<boolean> {
    for (const s of subscribers.get(event.type) ?? []) {
      try {
        await s.run(event, origin);
      } catch (err) {
        logger.warn(
          { err },
          `event ${event.id}: ${s.name} failed; it stays pending and is retried by the next reconciliation pass`,
        );
        return false;
      }
    }
    return true;
  }

  async function dispatch(source: EventSource, id: Types.ObjectId | string): Promise<DispatchReport> {
    const report: DispatchReport = { dispatched: 0, failed: 0 };
    try {
      const _id = objectId(id);
      const doc = await collection(source).findOne({ _id }, { projection: { pending_events: 1 } });
      for (const event of doc?.pending_events ?? []) {
        if (!(await deliver(event, { source, id: String(_id) }))) {
          report.failed++;
          continue;
        }
        await collection(source).updateOne({ _id }, { $pull: { pending_events: { id: event.id } } });
        report.dispatched++;
      }
    } catch (err) {
      logger.warn({ err }, `dispatching the events of ${source} ${String(id)} failed; they stay pending`);
      report.failed++;
    }
    return report;
  }

  async function dispatchMany(
    source: EventSource,
    ids: readonly (Types.ObjectId | string)[],
  ): Promise<DispatchReport> {
    const report: DispatchReport = { dispatched: 0, failed: 0 };
    for (let from = 0; from < ids.length; from += DISPATCH_BATCH) {
      try {
        const docs = await collection(source)
          .find(
            { _id: { $in: ids.slice(from, from + DISPATCH_BATCH).map(objectId) } },
            { projection: { pending_events: 1 } },
          )
          .toArray();
        const delivered: { _id: Types.ObjectId; id: string }[] = [];
        // each document's events in order, DELIVERIES_AT_ONCE documents at a time
        let next = 0;
        const worker = async () => {
          while (next < docs.length) {
            const doc = docs[next++];
            for (const event of doc.pending_events ?? []) {
              if (await deliver(event, { source, id: String(doc._id) }))
                delivered.push({ _id: doc._id, id: event.id });
              else report.failed++;
            }
          }
        };
        await Promise.all(Array.from({ length: DELIVERIES_AT_ONCE }, worker));
        if (delivered.length)
          await collection(source).bulkWrite(
            delivered.map((d) => ({
              updateOne: { filter: { _id: d._id }, update: { $pull: { pending_events: { id: d.id } } } },
            })),
            { ordered: false },
          );
        report.dispatched += delivered.length;
      } catch (err) {
        logger.warn({ err }, `dispatching the events of ${ids.length} ${source} failed; they stay pending`);
        report.failed++;
      }
    }
    return report;
  }

  return {
    on(type, name, run) {
      subscribers.set(type, [...(subscribers.get(type) ?? []), { name, run }]);
    },
    dispatch,
    dispatchMany,
    async dispatchStale(olderThanMs, limit = 500) {
      const total: DispatchReport = { dispatched: 0, failed: 0 };
      const cutoff = new Date(Date.now() - olderThanMs);
      for (const source of EVENT_SOURCES) {
        const docs = await collection(source)
          .find({ 'pending_events.at': { $lte: cutoff } }, { projection: { _id: 1 } })
          .limit(limit)
          .toArray();
        for (const { _id } of docs) {
          const r = await dispatch(source, _id);
          total.dispatched += r.dispatched;
          total.failed += r.failed;
        }
      }
      return total;
    },
  };
}
