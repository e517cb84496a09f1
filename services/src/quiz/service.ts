// The candidate quiz rules, one named function per call of SPEC §7. Routes (router.ts) only parse
// input and call these. Every change to a quiz result is a read → decide → conditional write on
// its revision; a lost race re-reads and decides again, so retries and concurrent submits are safe.
import { probabilityCorrect } from '@skillquiz/adaptive';
import type {
  AbandonRequest,
  AnswerRequest,
  AnswerResponse,
  CandidateQuestion,
  EventBatchRequest,
  EventBatchResponse,
  LogEventRequest,
  NextQuestion,
  QuizResult,
  SurveyRequest,
  TrackingEvent,
} from '@skillquiz/contracts';
import {
  type Config,
  type PendingEventDoc,
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
} from '../platform';
import { EVENT_CAP_RETRY_AFTER_SECONDS, MAX_EVENTS_PER_QUIZ } from './event-limits';
import { slotsOf, type AtomPlan } from './plan';
import { estimateAtom, scoreAnswer } from './scoring';
import { buildPlan, chooseNext } from './selection';
import type { QuizStore } from './store-types';
import {
  creditedDeadline,
  isQuizExpired,
  lapseLeave,
  questionTimeLimitSeconds,
  quizExpiryAtStart,
  withExtraTime,
} from './timing';
import type { QuizState, ServedQuestion } from './types';
import { answerResponseOf, candidateQuestionView, nextQuestionOf, quizResultView } from './view';

export type QuizConfig = Pick<
  Config,
  'demoModeAllowed' | 'questionTimeLimitSeconds' | 'quizExpiryHours' | 'abandonGraceMinutes' | 'supportEmail'
>;

export interface QuizDeps {
  store: QuizStore;
  config: QuizConfig;
  /**
   * The time the rules judge by. The router passes the request's arrival (taken before any database
   * call): an answer is in time or late by when it reached the services, never by how long the
   * database then took.
   */
  now?: () => Date;
  /** Uniform [0, 1): the simulated candidate of pass_243. */
  random?: () => number;
  /**
   * Called before an event (/log, /tracking) is stored, once the token is known to name a quiz (so
   * unknown tokens never take a rate-limit entry); throws to refuse it (the per-token rate limit).
   */
  admitEvent?: (token: string) => Promise<void>;
  /**
   * Called after each quiz write that won (prev: as read, next: as written), e.g. to keep the
   * invitation's summary for the hiring pages in step (hiring/invitations/lifecycle.ts). It must not
   * throw: the candidate's change is stored whatever it does.
   */
  onCommitted?: (prev: QuizState, next: QuizState, events: readonly PendingEventDoc[]) => Promise<void>;
  /**
   * The events a write carries (decided before it, from the state as stored and the state to write:
   * hiring/invitations/lifecycle.ts quizEndEvents), stored by the same conditional write as the change.
   */
  eventsOf?: (prev: QuizState, next: QuizState) => PendingEventDoc[];
}

/**
 * Demo mode for this quiz: only a demo invitation's quiz, and only while DEMO_MODE_ALLOWED is set.
 * Every other quiz never sends correctness, estimates or item parameters to the browser.
 */
export function demoModeFor(
  state: Pick<QuizState, 'demo'>,
  config: Pick<QuizConfig, 'demoModeAllowed'>,
): boolean {
  return config.demoModeAllowed && state.demo === true;
}

/** Seconds a question of `atom` gets in this quiz: the atom's limit (or the override) plus extra time. */
export function secondsPerQuestion(
  atom: Parameters<typeof questionTimeLimitSeconds>[0],
  state: Pick<QuizState, 'extra_time_percent'>,
  config: Pick<QuizConfig, 'questionTimeLimitSeconds'>,
): number {
  return withExtraTime(
    questionTimeLimitSeconds(atom, config.questionTimeLimitSeconds),
    state.extra_time_percent,
  );
}

/** A 404 for a token that matches no quiz; the router counts these per client (rate limit). */
export class UnknownTokenError extends HttpError {
  constructor() {
    super(404, 'Quiz not found');
  }
}

const quizExpired = () =>
  new HttpError(410, 'This quiz has expired: it was abandoned or not finished in time');

/** Ability of the simulated candidate that pass_243 plays (a strong candidate, about L5). */
const SIMULATED_THETA = 2;

/** A write lost to a concurrent one is retried this many times before giving up with 409. */
const MAX_ATTEMPTS = 10;

interface Decision<T> {
  result: T;
  /** The new state to write, or undefined when nothing changes. */
  next?: QuizState;
  exposed?: number[];
  administered?: string[];
}

async function loadStored(deps: QuizDeps, token: string): Promise<QuizState> {
  const state = await deps.store.loadByToken(token);
  if (!state) throw new UnknownTokenError();
  return state;
}

/** The quiz as it stands now: a page-close whose grace period has passed counts as abandoned. */
async function load(deps: QuizDeps, token: string): Promise<QuizState> {
  return lapseLeave(await loadStored(deps, token), nowOf(deps), deps.config.abandonGraceMinutes);
}

/**
 * Runs decide() on the current state and writes its outcome conditionally, retrying lost races.
 * Every candidate call but the abandon call itself (`{ candidateBack: false }`) is the candidate
 * being there: a page-close within the grace period is forgotten (left_at cleared) with its write.
 */
async function update<T>(
  deps: QuizDeps,
  token: string,
  decide: (s: QuizState) => Promise<Decision<T>>,
  { candidateBack = true }: { candidateBack?: boolean } = {},
): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const stored = await loadStored(deps, token);
    const state = lapseLeave(stored, nowOf(deps), deps.config.abandonGraceMinutes);
    const d = await decide(state);
    // A lapsed page-close is written down even when the call itself changes nothing.
    if (!d.next && state !== stored) d.next = state;
    if (candidateBack && state.left_at) d.next = { ...(d.next ?? state), left_at: null };
    if (!d.next) return d.result;
    // `stored`, not `state`: the write is what changed since the read, a lapsed page-close included.
    const events = deps.eventsOf?.(stored, d.next) ?? [];
    // The candidate's start claims the invitation first (no edit of name or email after it).
    if (!stored.started_at && d.next.started_at) await deps.store.claimStart?.(stored, d.next.started_at);
    if (!(await deps.store.commit(stored, d.next, events))) continue;
    // Counts feed exposure control; recorded only by the request whose write won.
    if (d.exposed?.length) await deps.store.recordExposure(d.exposed);
    if (d.administered?.length) await deps.store.recordAdministrations(d.administered);
    await deps.onCommitted?.(stored, { ...d.next, rev: stored.rev + 1 }, events);
    return d.result;
  }
  throw conflict('The quiz is busy with another request; please retry');
}

const nowOf = (deps: QuizDeps) => (deps.now ? deps.now() : new Date());

/** The plan to show: the frozen one, or (before the first question) what it would be now. */
async function planOf(state: QuizState, store: QuizStore): Promise<AtomPlan[]> {
  return state.plan ?? (await buildPlan(state, store));
}

function assertOpen(state: QuizState, now: Date): void {
  if (isQuizExpired(state, now)) throw quizExpired();
}

// ---------------------------------------------------------------------------------------------
// GET /api/quiz/{token}/

/**
 * Fetching the quiz result is the candidate coming back: update() forgets a page-close within the
 * grace period (left_at cleared). A lapsed one was already turned into abandoned_at, and is
 * written down here so every later reader sees it.
 */
export async function getQuizResult(deps: QuizDeps, token: string): Promise<QuizResult> {
  const state = await update(deps, token, async (s) => ({ result: { ...s, left_at: null } }));
  return renderQuizResult(deps, state);
}

async function renderQuizResult(deps: QuizDeps, stored: QuizState): Promise<QuizResult> {
  const state = await withCreditedDeadline(deps, stored);
  const plan = await planOf(state, deps.store);
  const atoms = await deps.store.atoms(state.atom_ids);
  const [company, progress, withdrawn] = await Promise.all([
    deps.store.company(state),
    deps.store.invitationProgress(state, {
      questionsLeft: questionsLeft(state, plan),
      now: nowOf(deps),
      abandonGraceMinutes: deps.config.abandonGraceMinutes,
    }),
    deps.store.withdrawal?.(state, deps.config.supportEmail) ?? null,
  ]);
  const seconds = new Map<string, number>();
  for (const [id, atom] of atoms) seconds.set(id, secondsPerQuestion(atom, state, deps.config));
  const view = quizResultView(state, plan, atoms, company, progress, {
    demo: demoModeFor(state, deps.config),
    secondsPerQuestion: seconds,
    defaultSupportEmail: deps.config.supportEmail,
  });
  return withdrawn ? { ...view, withdrawn } : view;
}

// ---------------------------------------------------------------------------------------------
// GET /api/quiz/{token}/question/{number}/

/**
 * The candidate's view of question `number`: the current question or one already served. The
 * first fetch of the next number chooses it (question 1 is chosen here; later ones when the
 * previous answer arrives); the first fetch of a chosen question starts its clock.
 */
export async function getQuestion(deps: QuizDeps, token: string, number: number): Promise<CandidateQuestion> {
  return update(deps, token, async (state) => {
    const now = nowOf(deps);
    assertOpen(state, now);
    let next = state;
    let exposed: number[] = [];
    let administered: string[] = [];
    const last = state.served[state.served.length - 1];
    if (number === state.served.length + 1 && (!last || last.answered_at)) {
      ({ state: next, exposed, administered } = await chooseNext(state, deps.store, now));
    }
    const q = next.served[number - 1];
    if (!q) throw notFound(`Question ${number} is not available`);
    if (!q.expires_at) next = await startClock(deps, next, number - 1, now);
    const shown = next.served[number - 1];
    const view = { ...shown, expires_at: await creditedExpiry(deps, shown, now) };
    return {
      result: candidateQuestionView(view, demoModeFor(next, deps.config)),
      next: next === state ? undefined : next,
      exposed,
      administered,
    };
  });
}

/**
 * A served question's deadline as it stands: an open question's moved on by the database outages
 * since it was served (timing.ts creditedDeadline), so a candidate who could not submit during an
 * outage keeps that time (the client retries the same answer). Scoring and every read (question,
 * quiz result, answer response) take the deadline from here, so they all report the same one. It is
 * never stored: an outage another process records later still counts.
 */
async function creditedExpiry(deps: QuizDeps, q: ServedQuestion, now: Date): Promise<Date> {
  const expiresAt = q.expires_at!;
  if (q.answered_at || !q.served_at || !deps.store.outagesBetween) return expiresAt;
  const outages = await deps.store.outagesBetween(q.served_at, now);
  return outages.length ? creditedDeadline(q.served_at, expiresAt, outages, now) : expiresAt;
}

/** `state` as the candidate is shown it: its open question with the credited deadline. */
async function withCreditedDeadline(deps: QuizDeps, state: QuizState): Promise<QuizState> {
  const index = state.served.length - 1;
  const open = state.served[index];
  if (!open?.expires_at || open.answered_at) return state;
  const expires_at = await creditedExpiry(deps, open, nowOf(deps));
  if (expires_at.getTime() === open.expires_at.getTime()) return state;
  const served = state.served.slice();
  served[index] = { ...open, expires_at };
  return { ...state, served };
}

async function startClock(deps: QuizDeps, state: QuizState, index: number, now: Date): Promise<QuizState> {
  const q = state.served[index];
  const atom = (await deps.store.atoms([q.atom_id])).get(q.atom_id);
  // The candidate's extra time lengthens every question's clock, here and only here.
  const seconds = secondsPerQuestion(atom ?? {}, state, deps.config);
  const served = state.served.slice();
  served[index] = { ...q, served_at: now, expires_at: new Date(now.getTime() + seconds * 1000) };
  if (state.started_at) return { ...state, served };
  // Starting the quiz starts its whole-quiz clock too: QUIZ_EXPIRY_HOURS, or the expiry the quiz was
  // issued with (its invitation's) when that comes first.
  const expires_at = quizExpiryAtStart(state.expires_at, now, deps.config.quizExpiryHours);
  return { ...state, served, started_at: now, expires_at };
}

// ---------------------------------------------------------------------------------------------
// POST /api/quiz/{token}/question/{number}/

/**
 * Scores the answer to the current question, updates the atom's estimate and chooses the next
 * question. Answering an already answered question returns the stored result (never scores twice).
 */
export async function answerQuestion(
  deps: QuizDeps,
  token: string,
  number: number,
  body: AnswerRequest,
): Promise<AnswerResponse> {
  return update(deps, token, async (state) => {
    const now = nowOf(deps);
    const plan = await planOf(state, deps.store);
    if (number > slotsOf(plan).length) throw notFound(`Question ${number} is not part of this quiz`);
    const stored = state.served[number - 1];
    if (stored?.answered_at)
      return {
        result: storedResponse(
          await withCreditedDeadline(deps, state),
          plan,
          number - 1,
          demoModeFor(state, deps.config),
        ),
      };
    assertOpen(state, now);
    if (!stored || number !== state.served.length) {
      throw conflict(`Only the current question can be answered (question ${number} is not current)`);
    }
    if (!stored.expires_at) throw conflict(`Question ${number} has not been served yet: fetch it first`);

    const expiresAt = await creditedExpiry(deps, stored, now);
    const verdict = scoreAnswer(stored.snapshot.answers, body.answer, expiresAt, now);
    const answered = recordAnswer(state, number - 1, body, verdict, now);
    const { state: next, exposed, administered } = await chooseNext(answered, deps.store, now);
    return {
      result: storedResponse(next, next.plan ?? plan, number - 1, demoModeFor(state, deps.config)),
      next,
      exposed,
      administered,
    };
  });
}

/** The answer fields of served[index], plus the atom's new estimate when the question is scored. */
function recordAnswer(
  state: QuizState,
  index: number,
  body: Pick<AnswerRequest, 'answer' | 'answer_position'>,
  verdict: { correct: boolean; timed_out: boolean },
  now: Date,
): QuizState {
  const q = state.served[index];
  const answeredQ: ServedQuestion = {
    ...q,
    answered_at: now,
    answer: body.answer,
    answer_position: body.answer_position,
    correct: verdict.correct,
    timed_out: verdict.timed_out,
  };
  const served = state.served.slice();
  served[index] = answeredQ;
  let estimates = state.estimates;
  const current = estimates.find((e) => e.atom_id === q.atom_id);
  if (q.scored) {
    const responses = served
      .filter((s) => s.atom_id === q.atom_id && s.scored && s.answered_at)
      .map((s) => ({ difficulty_params: s.snapshot.difficulty_params, correct: s.correct === true }));
    const est = estimateAtom(responses);
    estimates = [
      ...estimates.filter((e) => e.atom_id !== q.atom_id),
      { atom_id: q.atom_id, estimate: est.estimate, error: est.error, answered: responses.length },
    ];
    served[index] = { ...answeredQ, post_skill_estimate: est.estimate, post_skill_estimate_error: est.error };
  } else {
    // Unscored (beta): the estimate is unchanged, reported as it stands so nothing gives it away.
    const est = current ?? estimateAtom([]);
    served[index] = { ...answeredQ, post_skill_estimate: est.estimate, post_skill_estimate_error: est.error };
  }
  return { ...state, served, estimates };
}

/** The response for answered served[index]: its result and the question after it, if any. */
function storedResponse(
  state: QuizState,
  plan: readonly AtomPlan[],
  index: number,
  demo: boolean,
): AnswerResponse {
  const after = state.served[index + 1];
  let next: NextQuestion | null;
  if (after)
    next = { number: after.number, expires_at: after.expires_at ? after.expires_at.toISOString() : null };
  else next = nextQuestionOf(state, plan);
  return answerResponseOf(state.served[index], next, demo);
}

// ---------------------------------------------------------------------------------------------
// POST .../question/{number}/log/ and POST /api/quiz/{token}/tracking

/**
 * Events are accepted whatever the quiz's state (finished, abandoned, expired): a client replays
 * events it queued while offline. Only the per-quiz cap stops them; nothing is stored beyond it.
 * Concurrent writes near the cap may pass it by a few (count, then insert).
 */
async function assertEventRoom(deps: QuizDeps, token: string): Promise<void> {
  if ((await deps.store.countEvents(token)) >= MAX_EVENTS_PER_QUIZ) {
    throw tooManyRequests(
      `This quiz already has the most events that are kept (${MAX_EVENTS_PER_QUIZ}); this one was not stored`,
      EVENT_CAP_RETRY_AFTER_SECONDS,
    );
  }
}

export async function logQuestionEvent(
  deps: QuizDeps,
  token: string,
  number: number,
  body: LogEventRequest,
): Promise<void> {
  const state = await load(deps, token);
  await deps.admitEvent?.(token);
  const q = state.served[number - 1];
  if (!q) throw notFound(`Question ${number} has not been served in this quiz`);
  await assertEventRoom(deps, token);
  await deps.store.insertQuestionLog({
    quiz_id: state.id,
    token,
    number,
    eventName: body.eventName,
    eventDetails: body.eventDetails ?? null,
    at: nowOf(deps),
  });
  await markBack(deps, state);
}

export async function recordTrackingEvent(deps: QuizDeps, token: string, body: TrackingEvent): Promise<void> {
  const state = await load(deps, token);
  await deps.admitEvent?.(token);
  if (body.token !== token) throw badRequest('token in the body does not match the quiz in the path');
  await assertEventRoom(deps, token);
  await deps.store.insertTrackingEvent({
    quiz_id: state.id,
    token,
    questionId: body.questionId,
    event: body.event,
    eventDetails: body.eventDetails,
    at: nowOf(deps),
  });
  await markBack(deps, state);
}

// ---------------------------------------------------------------------------------------------
// POST /api/quiz/{token}/events: a batch of the page's queued events

/**
 * Stores a batch idempotently: an event whose page-made id is stored already (a resent batch, a
 * page-close flush of events already on their way) counts as a duplicate and is not stored again.
 * The batch takes one event write from the per-token budget (the queue sends one request for what
 * is waiting); each new event counts against the per-quiz cap, and those beyond it are refused and
 * listed, like a log of a question never served. Accepted whatever the quiz's state, as the
 * one-event routes are. A batch sent on the way out (`on: 'leave'`) does not mark the candidate back.
 */
export async function recordEventBatch(
  deps: QuizDeps,
  token: string,
  batch: EventBatchRequest,
): Promise<EventBatchResponse> {
  const state = await load(deps, token);
  await deps.admitEvent?.(token);
  const at = nowOf(deps);
  const already = await deps.store.storedEventIds(
    token,
    batch.events.map((e) => e.id),
  );
  const refused: EventBatchResponse['refused'] = [];
  const fresh = batch.events.filter((e) => {
    if (already.has(e.id)) return false;
    if (e.kind === 'log' && !state.served[e.number - 1]) {
      refused.push({ id: e.id, message: `Question ${e.number} has not been served in this quiz` });
      return false;
    }
    return true;
  });
  const room = fresh.length ? Math.max(0, MAX_EVENTS_PER_QUIZ - (await deps.store.countEvents(token))) : 0;
  if (fresh.length > 0 && room === 0) {
    throw tooManyRequests(
      `This quiz already has the most events that are kept (${MAX_EVENTS_PER_QUIZ}); this batch was not stored`,
      EVENT_CAP_RETRY_AFTER_SECONDS,
    );
  }
  for (const e of fresh.slice(room)) {
    refused.push({
      id: e.id,
      message: `This quiz already has the most events that are kept (${MAX_EVENTS_PER_QUIZ}); this one was not stored`,
    });
  }
  const kept = fresh.slice(0, room);
  const base = { quiz_id: state.id, token, at };
  const stamp = (e: (typeof kept)[number]) => ({
    client_id: e.id,
    ...(e.at !== undefined ? { client_at: new Date(e.at) } : {}),
  });
  const stored = await deps.store.insertEventBatch({
    logs: kept.flatMap((e) =>
      e.kind === 'log'
        ? [
            {
              ...base,
              ...stamp(e),
              number: e.number,
              eventName: e.eventName,
              eventDetails: e.eventDetails ?? null,
            },
          ]
        : [],
    ),
    tracking: kept.flatMap((e) =>
      e.kind === 'tracking'
        ? [
            {
              ...base,
              ...stamp(e),
              questionId: e.questionId,
              event: e.event,
              eventDetails: e.eventDetails,
            },
          ]
        : [],
    ),
  });
  if (batch.on !== 'leave') await markBack(deps, state);
  return { success: true, stored, duplicates: batch.events.length - refused.length - stored, refused };
}

/** An event from a candidate who had closed the page shows they are back (see update()). */
async function markBack(deps: QuizDeps, state: QuizState): Promise<void> {
  if (state.left_at) await update(deps, state.token, async () => ({ result: undefined }));
}

// ---------------------------------------------------------------------------------------------
// Survey, finish, abandon

function questionsLeft(state: QuizState, plan: readonly AtomPlan[]): boolean {
  return nextQuestionOf(state, plan) !== null;
}

/** The relevance survey of the done page: only once no question is left. */
export async function submitSurvey(deps: QuizDeps, token: string, body: SurveyRequest): Promise<QuizResult> {
  const state = await update(deps, token, async (s) => {
    const plan = await planOf(s, deps.store);
    if (!s.finished_at && questionsLeft(s, plan))
      throw conflict('The survey opens once the quiz is finished');
    const next = { ...s, survey_completed: true, content_relevant_rating: body.content_relevant_rating };
    return { result: next, next };
  });
  return renderQuizResult(deps, state);
}

/** Marks the quiz finished; allowed once every question is answered. Idempotent. */
export async function finishQuiz(deps: QuizDeps, token: string): Promise<QuizResult> {
  const state = await update(deps, token, async (s) => {
    if (s.finished_at) return { result: s };
    const now = nowOf(deps);
    assertOpen(s, now);
    const plan = await planOf(s, deps.store);
    if (questionsLeft(s, plan)) throw conflict('The quiz cannot be finished while questions remain');
    const next = { ...s, finished_at: now };
    return { result: next, next };
  });
  return renderQuizResult(deps, state);
}

/**
 * The abandon call. Plain (`on` absent): sets abandoned_at now, and the quiz is expired. On page
 * close (`on: 'unload'`): only records left_at; the quiz is abandoned if the candidate does not
 * fetch it again within ABANDON_GRACE_MINUTES (longer than the 60-minute resume threshold, so the
 * resume page stays reachable). A page close before the quiz started (the candidate opened the
 * invitation and closed it) is ignored: they may come back any time before the quiz expires. A
 * finished quiz, or one with nothing left to answer, is never abandoned: the front end calls this on
 * every page close, the done page included.
 */
export async function abandonQuiz(
  deps: QuizDeps,
  token: string,
  body: AbandonRequest = {},
): Promise<QuizResult> {
  const state = await update(
    deps,
    token,
    async (s) => {
      if (s.finished_at || s.abandoned_at) return { result: s };
      const plan = await planOf(s, deps.store);
      if (body.on === 'unload') {
        // Nothing is under way before the first question (the candidate only looked at the
        // invitation) or after the last one, so closing the page then must not start the grace clock.
        if (!s.started_at || !questionsLeft(s, plan)) return { result: s };
        // Already left and not back yet: keep the first time, so repeated unloads do not stretch the grace.
        if (s.left_at) return { result: s };
        const next = { ...s, left_at: nowOf(deps) };
        return { result: next, next };
      }
      if (!questionsLeft(s, plan) && s.started_at) return { result: s };
      const next = { ...s, abandoned_at: nowOf(deps), left_at: null };
      return { result: next, next };
    },
    { candidateBack: false },
  );
  return renderQuizResult(deps, state);
}

// ---------------------------------------------------------------------------------------------
// POST /api/quiz/{token}/pass_243 (demo only)

/**
 * Demo skip: answers every remaining question as a simulated candidate of ability
 * SIMULATED_THETA (each answer correct with its 2PL probability) and finishes the quiz, so staff
 * reach the done page quickly. Only on a demo invitation's quiz while demo mode is allowed (a real
 * candidate must not be able to finish with a strong simulated result); the quiz is flagged
 * `simulated`.
 */
export async function passQuiz(deps: QuizDeps, token: string): Promise<QuizResult> {
  if (!deps.config.demoModeAllowed) throw forbidden('The skip is only available when demo mode is allowed');
  const random = deps.random ?? Math.random;
  const state = await update(deps, token, async (s) => {
    if (!demoModeFor(s, deps.config)) throw forbidden('The skip is only available on a demo invitation');
    if (s.finished_at) return { result: s };
    const now = nowOf(deps);
    assertOpen(s, now);
    let cur = s;
    const exposed: number[] = [];
    const administered: string[] = [];
    for (;;) {
      const last = cur.served[cur.served.length - 1];
      if (!last || last.answered_at) {
        const adv = await chooseNext(cur, deps.store, now);
        exposed.push(...adv.exposed);
        administered.push(...adv.administered);
        if (adv.state.served.length === cur.served.length) {
          cur = adv.state;
          break;
        }
        cur = adv.state;
      }
      const index = cur.served.length - 1;
      if (!cur.served[index].expires_at) cur = await startClock(deps, cur, index, now);
      const q = cur.served[index];
      const wantCorrect = random() < probabilityCorrect(q.snapshot.difficulty_params, SIMULATED_THETA);
      const pick = q.snapshot.answers.findIndex((a) => a.c === wantCorrect);
      const position = pick >= 0 ? pick : 0;
      cur = recordAnswer(
        cur,
        index,
        { answer: q.snapshot.answers[position].hash_id, answer_position: position },
        { correct: q.snapshot.answers[position].c, timed_out: false },
        now,
      );
    }
    const next = { ...cur, finished_at: now, simulated: true };
    return { result: next, next, exposed, administered };
  });
  return renderQuizResult(deps, state);
}
