// Served records as the analysis package reads them, from the quiz results' compact `responses` (a copy of
// `served` kept by every quiz write, quiz/models/quiz-result.ts), except quizzes the demo skip (pass_243)
// answered and demo invitations' quizzes (staff trying the product), which are not candidates' answers. Quizzes of `npm run simulate`'s simulated candidates count,
// but are marked, so the screens can say how much of what they show is demo data.
//
// A statistic reads only the quizzes it concerns: those that served a question (index `responses.q`), or
// those of an atom (index `atom_ids`), and of them only `responses` (not every served snapshot); and of those,
// only the quizzes written since they were last read (`kept` below).
import type { ServedResponse } from '@skillquiz/item-analysis';
import type { QueryFilter } from 'mongoose';
import { QuizResult, type QuizResultDoc, type ResponseDoc } from '../../quiz';
import { KeptByVersion } from './kept';
import type { QuizSpan } from './rest-cache';

export interface ResponseSet {
  responses: ServedResponse[];
  /** Quiz ids taken by simulated demo candidates. */
  demoQuizzes: Set<string>;
  /** An answer's text as served (question id, hash id): how review flags name an answer. */
  answerText: (questionId: number, hashId: string) => string | undefined;
  /** Each quiz's run of `responses`, with the version of its responses (for RestEstimateCache). */
  spans: QuizSpan[];
  /** How many quizzes' responses were read from the database (the others were kept from an earlier read). */
  read: number;
}

type QuizVersion = Pick<QuizResultDoc, '_id' | 'rev' | 'responses_rev' | 'updated_at'>;
type LeanQuiz = QuizVersion & Pick<QuizResultDoc, 'responses' | 'demo_data'>;

/** Left out of every statistic: the demo skip's quizzes and demo invitations' quizzes. */
const NOT_CANDIDATES_OUT = { simulated: { $ne: true }, demo: { $ne: true } } as const;

/** One quiz's responses as read, kept between reads at the quiz's version (see `kept`). */
interface ReadQuiz {
  demo: boolean;
  responses: ServedResponse[];
  /** chosen answers' texts as served: [textKey, text] */
  texts: Array<[string, string]>;
}

/** The quizzes that served question `id`. */
export const servedQuestion = (id: number): QueryFilter<QuizResultDoc> => ({ 'responses.q': id });

/** An answer's text is kept under its question and hash id. */
const textKey = (questionId: number, hashId: string) => `${questionId}\u0000${hashId}`;

/**
 * A quiz's version as the statistics keep it: every write to a quiz moves its `updated_at` and quiz writes its
 * `rev`; `responses_rev` moves with a backfill.
 */
export const versionOf = (q: QuizVersion): string =>
  `${q.rev}/${q.responses_rev}/${q.updated_at ? new Date(q.updated_at).getTime() : 0}`;

/** At most this many responses are kept by a loader (a few hundred bytes each: tens of MB). */
const MAX_KEPT_RESPONSES = 500_000;

/**
 * Reads the responses of the quizzes matching a filter, keeping each quiz's as read at its version. After a
 * new answer an all-atoms list read every quiz's responses again (at 200,000 served answers about a second of
 * decoding in the services and as much encoding in the engine, for one changed quiz); a loader lists the
 * quizzes' versions and reads only those it does not keep.
 */
export function responseLoader(): (filter: QueryFilter<QuizResultDoc>) => Promise<ResponseSet> {
  const kept = new KeptByVersion<ReadQuiz>(MAX_KEPT_RESPONSES, (q) => q.responses.length);
  return async (filter) => {
    const match = { ...filter, ...NOT_CANDIDATES_OUT };
    const listed = await QuizResult.find(match)
      .select({ rev: 1, responses_rev: 1, updated_at: 1 })
      .lean<QuizVersion[]>()
      .exec();
    // held here, so what another read drops from `kept` meanwhile is still at hand
    const have = new Map<string, { version: string; quiz: ReadQuiz }>();
    const missing: QuizVersion['_id'][] = [];
    for (const q of listed) {
      const version = versionOf(q);
      const quiz = kept.get(String(q._id), version);
      if (quiz) have.set(String(q._id), { version, quiz });
      else missing.push(q._id);
    }
    let read = 0;
    if (missing.length) {
      // most of them missing (a first read): the filter's own query rather than a list of ids
      const docs = await QuizResult.find(
        missing.length > listed.length / 2 ? match : { _id: { $in: missing } },
      )
        .select({ responses: 1, demo_data: 1, rev: 1, responses_rev: 1, updated_at: 1 })
        .lean<LeanQuiz[]>()
        .exec();
      for (const doc of docs) {
        const quizId = String(doc._id);
        const version = versionOf(doc);
        const quiz = readQuiz(quizId, doc);
        kept.set(quizId, version, quiz);
        have.set(quizId, { version, quiz });
      }
      read = docs.length;
    }
    return { ...assemble(listed, have), read };
  };
}

/** Every response of the quizzes matching `filter` (the demo skip's quizzes left out), for the statistics. */
export const loadResponses = responseLoader();

/** The kept quizzes' responses in the order listed (one inserted since is in the next read; one removed, not). */
function assemble(
  listed: readonly QuizVersion[],
  have: ReadonlyMap<string, { version: string; quiz: ReadQuiz }>,
): Omit<ResponseSet, 'read'> {
  const responses: ServedResponse[] = [];
  const demoQuizzes = new Set<string>();
  // chosen answers' texts as served, by question and hash id: the last one read
  const texts = new Map<string, string>();
  const spans: QuizSpan[] = [];
  for (const { _id } of listed) {
    const quizId = String(_id);
    const entry = have.get(quizId);
    if (!entry) continue;
    const start = responses.length;
    if (entry.quiz.demo) demoQuizzes.add(quizId);
    for (const r of entry.quiz.responses) responses.push(r);
    for (const [key, text] of entry.quiz.texts) texts.set(key, text);
    spans.push({ quizId, start, length: responses.length - start, version: entry.version });
  }
  return {
    responses,
    demoQuizzes,
    answerText: (questionId, hashId) => texts.get(textKey(questionId, hashId)),
    spans,
  };
}

function readQuiz(quizId: string, doc: LeanQuiz): ReadQuiz {
  const demo = doc.demo_data === true;
  const responses: ServedResponse[] = [];
  const texts: Array<[string, string]> = [];
  for (const r of doc.responses ?? []) {
    responses.push(toResponse(quizId, r, demo));
    if (r.ct !== undefined && r.ch) texts.push([textKey(r.q, r.ch), r.ct]);
  }
  return { demo, responses, texts };
}

/**
 * A version of the quiz results matching `filter` (every one, or an atom's): how many there are and the
 * latest write to any of them, both read from indexes (`updated_at`; `atom_ids, updated_at`). Every quiz
 * write (an answer, a served question, an abandon) moves `updated_at`, so a statistics list computed at one
 * version is still right at it; services processes share nothing else. (A write stamped by a process whose
 * clock is behind the latest stamp goes unseen until the next write: statistics are then one answer late.)
 */
export async function quizzesVersion(filter: QueryFilter<QuizResultDoc>): Promise<string> {
  const [count, latest] = await Promise.all([
    QuizResult.countDocuments(filter).exec(),
    QuizResult.findOne(filter)
      .sort({ updated_at: -1 })
      .select({ updated_at: 1 })
      .lean<Pick<QuizResultDoc, 'updated_at'>>()
      .exec(),
  ]);
  return `${count}/${latest?.updated_at ? new Date(latest.updated_at).getTime() : 0}`;
}

/** Finished quizzes (a finished quiz's answers no longer change): a one-sided bound, a range of an index. */
const FINISHED = { finished_at: { $gte: new Date(0) } } as const;

/**
 * How many quizzes matching `filter` (every one, or an atom's) are finished, counted on the index
 * (`atom_ids, finished_at`; `finished_at`) without reading a quiz. Only a quiz's finish moves it, not an
 * answer or a served question.
 */
export const finishedQuizzes = (filter: QueryFilter<QuizResultDoc>): Promise<number> =>
  QuizResult.countDocuments({ ...filter, ...FINISHED }).exec();

/**
 * The quizzes matching `filter` finished up to the `n`-th one to finish (by finished_at; those finished at
 * the same moment as it too): the same quizzes whenever it is asked, as later ones finish after it. Null
 * for none. (A quiz finished by a process whose clock is behind may join them later, as in quizzesVersion.)
 */
export async function firstFinished(
  filter: QueryFilter<QuizResultDoc>,
  n: number,
): Promise<QueryFilter<QuizResultDoc> | null> {
  if (n < 1) return null;
  const nth = await QuizResult.findOne({ ...filter, ...FINISHED })
    .sort({ finished_at: 1 })
    .skip(n - 1)
    .select({ finished_at: 1 })
    .lean<Pick<QuizResultDoc, 'finished_at'>>()
    .exec();
  return nth?.finished_at ? { ...filter, finished_at: { $lte: nth.finished_at } } : null;
}

/**
 * Quizzes per atom that planned it (the base of an exposure rate), for the given atoms: two counts each,
 * answered from the index on `plan.atom_id` and `simulated` (the demo skip's and demo invitations' quizzes
 * are left out).
 */
export async function quizzesPerAtom(atoms: Iterable<string>): Promise<Map<string, number>> {
  const ids = [...new Set(atoms)];
  const counts = await Promise.all(
    ids.map(async (atom) => {
      const [all, skipped, demo] = await Promise.all([
        QuizResult.countDocuments({ 'plan.atom_id': atom }).exec(),
        QuizResult.countDocuments({ 'plan.atom_id': atom, simulated: true }).exec(),
        // demo invitations' quizzes not already counted as skipped
        QuizResult.countDocuments({ 'plan.atom_id': atom, simulated: { $ne: true }, demo: true }).exec(),
      ]);
      return [atom, all - skipped - demo] as const;
    }),
  );
  return new Map(counts);
}

/** A simulated candidate answers at once: its response times say nothing, so they are left out. */
function toResponse(quizId: string, r: ResponseDoc, demo: boolean): ServedResponse {
  return {
    quizId,
    atomId: r.atom,
    questionId: r.q,
    scored: r.s,
    params: { a: r.a, d: r.d },
    correct: r.c ?? null,
    timedOut: r.t === true,
    choice: r.c == null ? null : (r.ch ?? ''),
    key: r.k ?? null,
    responseMs: r.c != null && !demo ? (r.ms ?? null) : null,
  };
}
