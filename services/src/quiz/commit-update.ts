// The conditional write of a quiz state change, as what changed rather than the whole mutable part:
// an answer sets a few fields of the answered record and adds the next one, so it costs the database
// (and its journal) a few hundred bytes, not the whole quiz result with every served snapshot.
import { isDeepStrictEqual } from 'node:util';
import { responseOf, responsesOf } from './models/quiz-result';
import { MUTABLE_QUIZ_FIELDS, type QuizState } from './types';

export interface QuizUpdate {
  $set: Record<string, unknown>;
  $unset?: Record<string, ''>;
  $push?: {
    served?: { $each: unknown[] };
    responses?: { $each: unknown[] };
    pending_events?: { $each: unknown[] };
  };
}

/**
 * The update taking the stored `prev` to `next`. It is applied under the filter `{ rev: prev.rev }`
 * (store.ts), so the array positions it names are the ones `prev` has: a lost race matches nothing.
 * New served records are pushed; but when an existing record changes too (an answer, then the next
 * question), they are set at their index instead, because one update may not both $push to
 * `served` and $set inside it (MongoDB refuses the conflicting paths).
 *
 * The analytics' copy of `served` (`responses`, responses.ts) follows the same way, with the revision it
 * matches, when the stored copy matched `prev` (`responsesCurrent`); otherwise it is set whole.
 */
export function quizUpdate(prev: QuizState, next: QuizState, responsesCurrent = false): QuizUpdate {
  const $set: Record<string, unknown> = { rev: prev.rev + 1, responses_rev: prev.rev + 1 };
  const $unset: Record<string, ''> = {};
  for (const field of MUTABLE_QUIZ_FIELDS) {
    if (field === 'served') continue;
    if (!isDeepStrictEqual(prev[field], next[field])) $set[field] = next[field];
  }
  const before = prev.served;
  const after = next.served;
  if (after.length < before.length) {
    $set.served = after;
    $set.responses = responsesOf(after);
    return { $set };
  }
  let changedExisting = false;
  let changedResponse = false;
  for (let i = 0; i < before.length; i++) {
    const a = before[i] as unknown as Record<string, unknown>;
    const b = after[i] as unknown as Record<string, unknown>;
    if (a === b) continue;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (isDeepStrictEqual(a[key], b[key])) continue;
      changedExisting = true;
      if (b[key] === undefined) $unset[`served.${i}.${key}`] = '';
      else $set[`served.${i}.${key}`] = b[key];
    }
    if (!responsesCurrent) continue;
    const r = responseOf(after[i]);
    if (isDeepStrictEqual(responseOf(before[i]), r)) continue;
    changedResponse = true;
    $set[`responses.${i}`] = r;
  }
  const added = after.slice(before.length);
  const update: QuizUpdate = { $set };
  if (Object.keys($unset).length) update.$unset = $unset;
  if (added.length && changedExisting) added.forEach((q, k) => ($set[`served.${before.length + k}`] = q));
  else if (added.length) update.$push = { served: { $each: added } };
  if (!responsesCurrent) $set.responses = responsesOf(after);
  else if (added.length && changedResponse)
    added.forEach((q, k) => ($set[`responses.${before.length + k}`] = responseOf(q)));
  else if (added.length) update.$push = { ...update.$push!, responses: { $each: added.map(responseOf) } };
  return update;
}
