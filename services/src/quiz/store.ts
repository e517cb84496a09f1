// QuizStore on the mongoose models: the only quiz module that talks to the database.
import { Types } from 'mongoose';
import {
  Atom,
  Company,
  Counter,
  Invitation,
  Question,
  QuestionLog,
  QuizResult,
  READY_FILTER,
  TrackingEvent,
  type QuestionDoc,
  type QuizResultDoc,
} from '../models';
import type { OutageMonitor } from '../db/outages';
import type { AtomRecord, BankRecord, ProgressClock, QuestionRecord, QuizStore } from './store-types';
import { isTakeable } from './timing';
import type { QuizState } from './types';
import { BankCache } from './bank-cache';
import { quizUpdate } from './commit-update';
import type { InvitationProgress } from './view';
import { withdrawalOf } from './withdrawal';

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

const BANK_FIELDS = {
  _id: 1,
  difficulty_params: 1,
  claim: 1,
  original_question_id: 1,
  exposure_count: 1,
  version: 1,
} as const;

type BankLean = Pick<QuestionDoc, '_id'> &
  Partial<
    Pick<QuestionDoc, 'difficulty_params' | 'claim' | 'original_question_id' | 'exposure_count' | 'version'>
  >;

function toBank(q: BankLean): BankRecord {
  return {
    id: q._id,
    difficulty_params: { a: q.difficulty_params?.a ?? 1, d: q.difficulty_params?.d ?? 0 },
    claim: q.claim ?? null,
    original_question_id: q.original_question_id ?? null,
    exposure_count: q.exposure_count ?? 0,
    version: q.version ?? null,
  };
}

/**
 * An atom's administered questions as selection reads them. A non-ready question is never served
 * (administered implies ready on every write; this also holds for data written around the API).
 */
async function loadBank(atomId: string): Promise<BankRecord[]> {
  const docs = await Question.find({ atoms: atomId, administered: true, ...READY_FILTER })
    .select(BANK_FIELDS)
    .lean<BankLean[]>()
    .exec();
  return docs.map(toBank);
}

/** A stored question as the quiz rules see it (the snapshot source for servedRecord). */
export function toQuestionRecord(q: QuestionDoc): QuestionRecord {
  return {
    ...toBank(q as BankLean),
    administered: q.administered === true,
    atoms: q.atoms ?? [],
    question_text: q.question_text ?? '',
    code_block: q.code_block ?? '',
    code_language: q.code_language ?? null,
    version: q.version ?? null,
    // Only ready questions are served (no status = stored before review: ready).
    ready: (q.status ?? 'ready') === 'ready',
    answers: (q.answers ?? []).map((a) => ({
      text: a.text ?? '',
      hash_id: a.hash_id,
      c: a.c === true,
      position: a.position ?? null,
    })),
  };
}

/** The quiz rules' store on mongoose; `outages` is the app's view of the database (app.context.outages). */
export function mongooseQuizStore(outages: Pick<OutageMonitor, 'outagesBetween'>): QuizStore {
  const banks = new BankCache(loadBank);
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

    async atoms(ids) {
      const docs = await Atom.find({ _id: { $in: [...ids] } })
        .select({
          _id: 1,
          name: 1,
          num_questions: 1,
          eta_minutes: 1,
          beta_question_ordering: 1,
          levels_thresholds: 1,
          version: 1,
          bank_version: 1,
        })
        .lean()
        .exec();
      const map = new Map<string, AtomRecord>();
      for (const a of docs) {
        map.set(a._id, {
          id: a._id,
          name: a.name,
          version: a.version ?? 1,
          bank_version: a.bank_version ?? 0,
          num_questions: a.num_questions ?? 0,
          eta_minutes: a.eta_minutes ?? 0,
          beta_question_ordering: a.beta_question_ordering ?? [],
          levels_thresholds:
            a.levels_thresholds && a.levels_thresholds.length === 5 ? a.levels_thresholds : null,
        });
      }
      return map;
    },

    bank: loadBank,

    async question(id) {
      const q = await Question.findById(id).lean().exec();
      return q ? toQuestionRecord(q) : null;
    },

    async recordExposure(ids) {
      if (!ids.length) return;
      // not a content change: updated_at stays (it is when an editor last changed the question)
      await Question.updateMany(
        { _id: { $in: [...ids] } },
        { $inc: { exposure_count: 1 } },
        { timestamps: false },
      ).exec();
      banks.noteExposure(ids);
    },

    async recordAdministrations(atomIds) {
      for (const id of atomIds) {
        await Counter.updateOne(
          { _id: administrationsCounter(id) },
          { $inc: { seq: 1 } },
          { upsert: true },
        ).exec();
      }
    },

    async administrations(atomId) {
      const c = await Counter.findById(administrationsCounter(atomId)).lean().exec();
      return c?.seq ?? 0;
    },

    async company(state) {
      if (!state.company_id) return null;
      const c = await Company.findById(state.company_id).lean().exec();
      return c
        ? { name: c.name ?? null, logo_url: c.logo_url ?? null, support_email: c.support_email ?? null }
        : null;
    },

    async claimInvitation(state, at) {
      if (!state.invitation_id) return;
      const _id = new Types.ObjectId(state.invitation_id);
      // Read, then claim only if the name and email are still as read: an edit that lands between
      // makes the claim miss, and the next round records the edited ones. An edit can only land
      // before the claim (it is conditional on no claim), so a few rounds always settle it.
      for (let round = 0; round < 10; round++) {
        const inv = await Invitation.findById(_id)
          .select({ start_claimed_at: 1, candidate_name: 1, candidate_email: 1 })
          .lean()
          .exec();
        if (!inv || inv.start_claimed_at) return;
        const as = {
          candidate_name: inv.candidate_name ?? null,
          candidate_email: inv.candidate_email ?? null,
        };
        const won = await Invitation.updateOne(
          { _id, start_claimed_at: null, ...as },
          { $set: { start_claimed_at: at, started_as: as } },
        ).exec();
        if (won.matchedCount === 1) return;
      }
      throw new Error(`claimInvitation: the invitation ${state.invitation_id} kept changing`);
    },

    async invitationProgress(state, clock) {
      return invitationProgress(state, clock);
    },

    withdrawal: withdrawalOf,

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
async function invitationProgress(state: QuizState, clock: ProgressClock): Promise<InvitationProgress> {
  const donePage = `${quizPath(state.token)}/done`;
  const nothingLeft = { required_atoms_left: 0, max_atoms_left: 0, quiz_url: donePage };
  if (!state.invitation_id) return nothingLeft;
  const invitation = await Invitation.findById(state.invitation_id).lean().exec();
  if (!invitation) return nothingLeft;
  const siblings = await QuizResult.find({ invitation: invitation._id, token: { $ne: state.token } })
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
  const required = invitation.required_atoms ?? [];
  const optional = (invitation.optional_atoms ?? []).filter((a) => !required.includes(a));
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
