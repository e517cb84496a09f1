// Replaying a journal record into the store. A record is `{ ops: [op, ...] }`; a `put` of a document not stored
// yet (an insert: most of a journal) is stored straight from the record's bytes and indexed from them, as a
// snapshot's documents are (docstore.ts keysAt), instead of decoding the document and encoding it again.
// Every other op is decoded and applied as before. A million journaled inserts replay about as fast as a
// snapshot of them loads.
import { decode } from './bsonutil';
import { elementsOf } from './docstore';
import type { Op, Store } from './store';

type Step = { put: { db: string; c: string; at: number } } | { op: Op };

/** The record's ops, the puts as where their documents are; null when the record cannot be read. */
function stepsOf(payload: Buffer): Step[] | null {
  try {
    const top = elementsOf(payload, 0);
    const ops = top[0];
    if (top.length !== 1 || ops.name !== 'ops' || ops.type !== 0x04)
      return ((decode(payload).ops ?? []) as Op[]).map((op) => ({ op }));
    return elementsOf(payload, ops.value).map((el) => {
      if (el.type !== 0x03) throw new Error('an op is not a document');
      const fields = elementsOf(payload, el.value);
      const text = (name: string) => {
        const f = fields.find((x) => x.name === name);
        return f && f.type === 0x02 ? payload.toString('utf8', f.value + 4, f.end - 1) : undefined;
      };
      const d = fields.find((f) => f.name === 'd');
      const db = text('db');
      const c = text('c');
      if (text('o') === 'put' && d?.type === 0x03 && db !== undefined && c !== undefined)
        return { put: { db, c, at: d.value } };
      return { op: decode(payload.subarray(el.value, el.end)) as Op };
    });
  } catch {
    return null;
  }
}

/** Applies one record's ops in order; false (nothing applied) when the record cannot be read. */
export function replayRecord(payload: Buffer, store: Store): boolean {
  const steps = stepsOf(payload);
  if (!steps) return false;
  for (const step of steps)
    if ('put' in step) store.ensureCollection(step.put.db, step.put.c).putStored(payload, step.put.at);
    else store.apply(step.op, false);
  return true;
}
