// QuizStore on the mongoose models: what the quiz rules (service.ts) read and write, the quiz's own
// collections here, the bank and the invitation through the ports the composition root hands in.
import { Types } from 'mongoose';
import { counterValue, incrementCounter, type OutageMonitor } from '../platform';
import { QuestionLog } from './models/question-log';
import { QuizResult, type QuizResultDoc } from './models/quiz-result';
import { TrackingEvent } from './models/tracking-event';
import type { ProgressClock, QuizBankSource, QuizInvitationSource, QuizStore } from './store-types';
import { isTakeable } from './timing';
import type { QuizState } from './types';
import { BankCache } from './bank-cache';
import { quizUpdate } from './commit-update';
import type { InvitationProgress } from './view';

/** Counter `_id` holding how many quizzes have started an atom (the base of exposure rates). */
export const administrationsCounter = (atomId: string) => `atom-administrations:${atomId}`;

/** The candidate path of a quiz; relative, so it works whatever origin serves the front end. */
export const quizPath = (token: string) => `/quiz/${token}`;

type LeanQuiz = QuizResultDoc;

/**
 * What a stored quiz lacks when it was written before a field existed (lean reads skip defaults).
 * A function, so no two states share a default array.
 */
const stateDefaults = () =>
  ({
    rev: 0,
    atom_ids: [],
    plan: null,
    served: [],
    estimates: [],
    started_at: null,
    finished_at: null,
    abandoned_at: null,
    left_at: null,
    expires_at: null,
    expired_at: null,
    survey_completed: false,
    content_relevant_rating: null,
    blur_on_window_blur: false,
    simulated: false,
    demo_data: false,
    demo: false,
    extra_time_percent: 0,
    norm_recorded: false,
  }) satisfies Omit<QuizState, 'id' | 'token' | 'invitation_id' | 'company_id' | 'created_at'>;

function toState(doc: LeanQuiz): QuizState {
  const {
    _id,
    invitation,
    company,
    updated_at: _updated,
    responses: _responses,
    responses_rev: _responsesRev,
    pending_events: _pending,
    ...fields
  } = doc;
  const state: QuizState = {
    ...stateDefaults(),
    ...fields,
    id: String(_id),
    invitation_id: invitation ? String(invitation) : null,
    company_id: company ? String(company) : null,
  };
  return {
    ...state,
    plan:
      state.plan && state.plan.length
        ? state.plan.map((p) => ({
            ...p,
            beta_question_id: p.beta_question_id ?? null,
            beta_original_question_id: p.beta_original_question_id ?? null,
          }))
        : null,
    // Only the snapshot fields the rules know (a stored answer may carry more, e.g. a locked position).
    served: state.served.map((q) => ({
      ...q,
      snapshot: {
        ...q.snapshot,
        answers: q.snapshot.answers.map((a) => ({ text: a.text, hash_id: a.hash_id, c: a.c })),
      },
    })),
  };
}

/**
 * The quiz rules' store on mongoose: the quiz's own collections here; the question bank from the content
 * context and the invitation from the hiring context, through the ports the composition root hands in.
 * `outages` is the app's view of the database (app.context.outages).
 */
export function mongooseQuizStore(
  outages: Pick<OutageMonitor, 'outagesBetween'>,
  bank: QuizBankSource,
  invitations: QuizInvitationSource,
): QuizStore {
  const banks = new BankCache((atomId) => bank.bank(atomId));
  /**
   * States read whose stored `responses` matched their `served` (written at their revision): their writes
   * change only what changed in `responses`; any other state's write sets it whole.
   */
  const responsesCurrent = new WeakSet<QuizState>();
  return {
    banks,
    outagesBetween: (from, to) => outages.outagesBetween(from, to),

    async loadByToken(token) {
      const doc = await QuizResult.findOne({ token }).lean<LeanQuiz>().exec();
      if (!doc) return null;
      const state = toState(doc);
      const served = doc.served ?? [];
      if (doc.responses_rev === (doc.rev ?? 0) && doc.responses?.length === served.length)
        responsesCurrent.add(state);
      return state;
    },

    async commit(prev, next, events = []) {
      // Only what changed (commit-update.ts). No runValidators: the state is built by the quiz
      // rules from validated input. The events the change carries go in the same write.
      const update = quizUpdate(prev, next, responsesCurrent.has(prev));
      if (events.length) update.$push = { ...update.$push, pending_events: { $each: [...events] } };
      const res = await QuizResult.updateOne(
        { _id: new Types.ObjectId(prev.id), rev: prev.rev },
        update,
      ).exec();
      return res.matchedCount === 1;
    },

    atoms: (ids) => bank.atoms(ids),
    bank: (atomId) => bank.bank(atomId),
    question: (id) => bank.question(id),

    async recordExposure(ids) {
      if (!ids.length) return;
      await bank.recordExposure(ids);
      banks.noteExposure(ids);
    },

    async recordAdministrations(atomIds) {
      for (const id of atomIds) await incrementCounter(administrationsCounter(id));
    },

    async administrations(atomId) {
      return counterValue(administrationsCounter(atomId));
    },

    company: (state) => (state.company_id ? invitations.company(state.company_id) : Promise.resolve(null)),

    claimStart: (state, at) =>
      state.invitation_id ? invitations.claimStart(state.invitation_id, at) : Promise.resolve(),

    async invitationProgress(state, clock) {
      return invitationProgress(state, clock, invitations);
    },

    withdrawal: (state, serviceSupport) =>
      state.invitation_id
        ? invitations.withdrawal(state.invitation_id, serviceSupport)
        : Promise.resolve(null),

    async countEvents(token) {
      const [logs, tracking] = await Promise.all([
        QuestionLog.countDocuments({ token }).exec(),
        TrackingEvent.countDocuments({ token }).exec(),
      ]);
      return logs + tracking;
    },

    async insertQuestionLog(e) {
      await QuestionLog.create({
        quiz_result: new Types.ObjectId(e.quiz_id),
        token: e.token,
        question_number: e.number,
        eventName: e.eventName,
        eventDetails: e.eventDetails ?? null,
        at: e.at,
      });
    },

    async insertTrackingEvent(e) {
      await TrackingEvent.create({
        quiz_result: new Types.ObjectId(e.quiz_id),
        token: e.token,
        questionId: e.questionId,
        event: e.event,
        eventDetails: e.eventDetails ?? {},
        at: e.at,
      });
    },

    async storedEventIds(token, ids) {
      if (ids.length === 0) return new Set();
      const filter = { token, client_id: { $in: [...ids] } };
      const [logs, tracking] = await Promise.all([
        QuestionLog.find(filter).select({ client_id: 1 }).lean<{ client_id: string }[]>().exec(),
        TrackingEvent.find(filter).select({ client_id: 1 }).lean<{ client_id: string }[]>().exec(),
      ]);
      return new Set([...logs, ...tracking].map((d) => d.client_id));
    },

    async insertEventBatch({ logs, tracking }) {
      const [a, b] = await Promise.all([
        insertSkippingDuplicates(
          QuestionLog,
          logs.map((e) => ({
            quiz_result: new Types.ObjectId(e.quiz_id),
            token: e.token,
            question_number: e.number,
            eventName: e.eventName,
            eventDetails: e.eventDetails ?? null,
            at: e.at,
            client_id: e.client_id,
            ...(e.client_at ? { client_at: e.client_at } : {}),
          })),
        ),
        insertSkippingDuplicates(
          TrackingEvent,
          tracking.map((e) => ({
            quiz_result: new Types.ObjectId(e.quiz_id),
            token: e.token,
            questionId: e.questionId,
            event: e.event,
            eventDetails: e.eventDetails ?? {},
            at: e.at,
            client_id: e.client_id,
            ...(e.client_at ? { client_at: e.client_at } : {}),
          })),
        ),
      ]);
      return a + b;
    },
  };
}

/**
 * One unordered insert of `docs`; documents refused as duplicates of the unique (token, client_id)
 * index (another request stored the same event meanwhile) are skipped. Returns how many were stored.
 */
async function insertSkippingDuplicates(
  model: typeof QuestionLog | typeof TrackingEvent,
  docs: Record<string, unknown>[],
): Promise<number> {
  if (docs.length === 0) return 0;
  try {
    const inserted = await (model as typeof QuestionLog).insertMany(docs, { ordered: false, lean: true });
    return inserted.length;
  } catch (err) {
    type WriteError = { code?: number; err?: { code?: number } };
    // The driver gives one write error as itself, several as an array.
    const raw = (err as { writeErrors?: WriteError | WriteError[] }).writeErrors;
    const errors = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const onlyDuplicates = errors.length > 0 && errors.every((w) => (w.code ?? w.err?.code) === 11000);
    if (!onlyDuplicates) throw err;
    return docs.length - errors.length;
  }
}

/**
 * required_atoms_left, max_atoms_left and quiz_url from the invitation (one quiz per atom, see
 * services/README.md). Only what the candidate can still do counts: an atom is left when no quiz
 * of the invitation covering it is finished (this quiz counts as finished once it has no question
 * left) and one of them can still be taken (not abandoned, not expired, no page-close whose grace
 * has passed). quiz_url leads to the first takeable quiz after this one, required atoms first;
 * with none, to this quiz's done page. A quiz without an invitation has nothing left.
 */
async function invitationProgress(
  state: QuizState,
  clock: ProgressClock,
  invitations: QuizInvitationSource,
): Promise<InvitationProgress> {
  const donePage = `${quizPath(state.token)}/done`;
  const nothingLeft = { required_atoms_left: 0, max_atoms_left: 0, quiz_url: donePage };
  if (!state.invitation_id) return nothingLeft;
  const invitation = await invitations.atomsOf(state.invitation_id);
  if (!invitation) return nothingLeft;
  const siblings = await QuizResult.find({
    invitation: new Types.ObjectId(state.invitation_id),
    token: { $ne: state.token },
  })
    .select({
      token: 1,
      atom_ids: 1,
      finished_at: 1,
      abandoned_at: 1,
      left_at: 1,
      expires_at: 1,
      created_at: 1,
    })
    .sort({ created_at: 1 })
    .lean()
    .exec();
  const { now, questionsLeft, abandonGraceMinutes } = clock;
  const quizzes = [
    {
      token: state.token,
      atom_ids: state.atom_ids,
      done: state.finished_at != null || !questionsLeft,
      takeable: questionsLeft && isTakeable(state, now, abandonGraceMinutes),
    },
    ...siblings.map((q) => ({
      token: q.token,
      atom_ids: q.atom_ids ?? [],
      done: q.finished_at != null,
      takeable: isTakeable(q, now, abandonGraceMinutes),
    })),
  ];
  const takeable = quizzes.filter((q) => q.takeable);
  const doneAtoms = new Set(quizzes.filter((q) => q.done).flatMap((q) => q.atom_ids));
  const isLeft = (atom: string) => !doneAtoms.has(atom) && takeable.some((q) => q.atom_ids.includes(atom));
  const required = invitation.required;
  const optional = invitation.optional.filter((a) => !required.includes(a));
  const requiredLeft = required.filter(isLeft);
  const optionalLeft = optional.filter(isLeft);

  let quizUrl = donePage;
  for (const atom of [...requiredLeft, ...optionalLeft]) {
    const q = takeable.find((x) => x.token !== state.token && x.atom_ids.includes(atom));
    if (q) {
      quizUrl = quizPath(q.token);
      break;
    }
  }
  return { required_atoms_left: requiredLeft.length, max_atoms_left: optionalLeft.length, quiz_url: quizUrl };
}
