// One candidate's invitation from one company: the atoms they must take and may take, how long the
// link works, extra time, and a summary of where the candidate is, kept up to date by
// hiring/invitations/summary.ts so the hiring list is one indexed query on this collection.
// Quizzes (QuizResult, each with its own token) are issued from it; see services/README.md, "Data model".
import { Schema, model, type Types } from 'mongoose';
import { pendingEventsField, type PendingEventDoc, TIMESTAMPS, type Timestamps } from '../../platform';
import {
  FIRST_STAGE,
  INVITATION_STATUSES,
  SLUG_RE,
  STAGE_KEY_RE,
  type InvitationStatus,
  type PipelineStage,
} from '@skillquiz/contracts';

/** What a status that is still open turns into once its deadline passes. */
export type LapseTo = 'expired' | 'abandoned';

/** Where one atom of the invitation stands (its quiz), as last recorded. */
export interface AtomProgressDoc {
  atom_id: string;
  required: boolean;
  /** Recorded state; 'invited'/'in_progress' read as `lapses_to` once `lapses_at` has passed. */
  state: InvitationStatus;
  lapses_at: Date | null;
  lapses_to: LapseTo | null;
  started_at: Date | null;
  finished_at: Date | null;
  /** Most likely level 1..5 of the posterior once finished. */
  level: number | null;
  estimate: number | null;
  error: number | null;
  /** The role's bar for this atom and P(level >= bar) once finished (hiring/invitations/bars.ts). */
  bar?: number | null;
  meets?: number | null;
}

/** A role's bar as the invitation was sent with it. */
export interface InvitationBarDoc {
  atom_id: string;
  level: number;
}

/** A recruiter's note on the candidate (hiring/pipeline.ts); never shown to the candidate. */
export interface PipelineNoteDoc {
  _id: Types.ObjectId;
  author: string;
  at: Date;
  text: string;
}

/** One recruiter's 1-5 rating of the candidate. */
export interface PipelineRatingDoc {
  author: string;
  rating: number;
  at: Date;
}

export interface InvitationDoc extends Timestamps {
  _id: Types.ObjectId;
  company: Types.ObjectId;
  candidate_email: string | null;
  candidate_name: string | null;
  /** Atom slugs the candidate must complete, in order. */
  required_atoms: string[];
  /** Atom slugs the candidate may take after the required ones. */
  optional_atoms: string[];
  /** Required then optional: what the hiring list's atom filter looks in. */
  atoms: string[];
  /** The link stops working then (its quizzes expire); null: never (the seeded demo invitation). */
  expires_at: Date | null;
  /** 0, 25, 50 or 100: every question's time limit is multiplied by 1 + p/100. */
  extra_time_percent: number;
  /** A demo invitation: its quizzes may use demo mode (when DEMO_MODE_ALLOWED); no other may. */
  demo: boolean;
  revoked_at: Date | null;
  /**
   * Invitation emails asked for after the first (resends, a changed address): the latest one's
   * send number (ops/jobs/invitation-email.ts). Absent: only the first.
   */
  email_sends?: number;
  /** A user's email, 'cli' or 'seed'. */
  created_by: string | null;
  /**
   * Set once, by the candidate's first start of any of its quizzes, before that quiz is written
   * (quiz/store.ts claimStart), with the name and email the invitation had then. An edit of
   * name or email is conditional on it being unset (hiring/after-create.ts), so an edit and a start
   * racing each other cannot both win: absent until the candidate starts.
   */
  start_claimed_at?: Date | null;
  started_as?: { candidate_name: string | null; candidate_email: string | null } | null;
  /** The role it was sent for, and that role's bars at the time (later edits do not move them). */
  role?: Types.ObjectId | null;
  bars?: InvitationBarDoc[];

  // The summary (hiring/invitations/summary.ts), rewritten whenever one of its quizzes changes state.
  status: InvitationStatus;
  lapses_at: Date | null;
  lapses_to: LapseTo | null;
  started_at: Date | null;
  /** When the last required atom was finished. */
  finished_at: Date | null;
  progress: AtomProgressDoc[];
  /** Whether any atom has a level (the level sort puts the others last). */
  has_level: boolean;
  /**
   * The level sort's key (summary.ts levelScore): the mean of the levels the pages show (each
   * finished atom's most probable level) first, the mean estimate only between equal levels.
   */
  level_score: number | null;
  /**
   * Answered by a simulated candidate (a quiz finished through the demo skip, or taken by
   * `npm run simulate` / the first-run demo data): not a person. Written by the summary.
   */
  simulated: boolean;
  /** Lowercase words of the name and email that a search term must start (see summary.ts). */
  search_terms: string[];
  /** P(every bar is met) once each barred atom has a result; the meets sort's key. */
  meets_all?: number | null;
  /** Whether meets_all is known (the meets sort puts the others last). */
  has_meets?: boolean;
  /**
   * The statistical integrity signals raised over its quizzes (hiring/integrity/at-quiz-end.ts): how many, and
   * whether any (the list's "needs a look" filter). Written when one of its quizzes ends, and again by
   * the reconciliation pass once a time model it was computed from has recalibrated; null/absent until
   * a quiz has ended.
   */
  integrity_flags?: number | null;
  needs_a_look?: boolean;
  /** The time-model version per atom (content's timeModelVersion) that integrity_flags was computed at. */
  integrity_models?: Record<string, string> | null;
  /** Bumped by every summary write, which is conditional on it (no lost update). */
  summary_rev: number;
  // The company's hiring pipeline (hiring/pipeline.ts): never part of anything the candidate sees.
  /** The stage's key (the company's list); absent on invitations stored before the pipeline existed (read as 'new'). */
  stage?: PipelineStage;
  stage_changed_at?: Date | null;
  stage_changed_by?: string | null;
  notes?: PipelineNoteDoc[];
  ratings?: PipelineRatingDoc[];
  /** The mean of `ratings` (one decimal), null when nobody rated: what the list and CSV show. */
  rating?: number | null;
  /** Bumped by every pipeline write, each conditional on it (two recruiters: one 409, no lost edit). */
  pipeline_version?: number;
  /** What must still follow its creation or revocation (pending-event.ts); absent when nothing is. */
  pending_events?: PendingEventDoc[];
}

const slugList = {
  type: [String],
  default: [],
  validate: {
    validator: (slugs: string[]) => slugs.every((s) => SLUG_RE.test(s)),
    message: 'atoms are slugs',
  },
};

const statusField = { type: String, enum: INVITATION_STATUSES, default: 'invited' } as const;
const lapseField = { type: String, enum: ['expired', 'abandoned'], default: null } as const;

const progressSchema = new Schema<AtomProgressDoc>(
  {
    atom_id: { type: String, required: true },
    required: { type: Boolean, required: true },
    state: statusField,
    lapses_at: { type: Date, default: null },
    lapses_to: lapseField,
    started_at: { type: Date, default: null },
    finished_at: { type: Date, default: null },
    level: { type: Number, default: null },
    estimate: { type: Number, default: null },
    error: { type: Number, default: null },
    bar: { type: Number, default: null },
    meets: { type: Number, default: null },
  },
  { _id: false },
);

const barSchema = new Schema<InvitationBarDoc>(
  { atom_id: { type: String, required: true }, level: { type: Number, required: true, min: 1, max: 5 } },
  { _id: false },
);

const noteSchema = new Schema<PipelineNoteDoc>(
  {
    author: { type: String, required: true },
    at: { type: Date, required: true },
    text: { type: String, required: true },
  },
  { _id: true },
);

const ratingSchema = new Schema<PipelineRatingDoc>(
  {
    author: { type: String, required: true },
    rating: { type: Number, required: true, min: 1, max: 5 },
    at: { type: Date, required: true },
  },
  { _id: false },
);

const invitationSchema = new Schema<InvitationDoc>(
  {
    company: { type: Schema.Types.ObjectId, ref: 'Company', required: true },
    candidate_email: { type: String, default: null, trim: true, lowercase: true },
    candidate_name: { type: String, default: null, trim: true },
    required_atoms: slugList,
    optional_atoms: slugList,
    atoms: slugList,
    expires_at: { type: Date, default: null },
    extra_time_percent: { type: Number, enum: [0, 25, 50, 100], default: 0 },
    demo: { type: Boolean, default: false },
    revoked_at: { type: Date, default: null },
    email_sends: { type: Number },
    created_by: { type: String, default: null },
    start_claimed_at: { type: Date, default: null },
    started_as: {
      type: new Schema(
        { candidate_name: { type: String, default: null }, candidate_email: { type: String, default: null } },
        { _id: false },
      ),
      default: null,
    },
    role: { type: Schema.Types.ObjectId, ref: 'Role', default: null },
    bars: { type: [barSchema], default: [] },
    meets_all: { type: Number, default: null },
    has_meets: { type: Boolean, default: false },
    status: statusField,
    lapses_at: { type: Date, default: null },
    lapses_to: lapseField,
    started_at: { type: Date, default: null },
    finished_at: { type: Date, default: null },
    progress: { type: [progressSchema], default: [] },
    has_level: { type: Boolean, default: false },
    level_score: { type: Number, default: null },
    simulated: { type: Boolean, default: false },
    search_terms: { type: [String], default: [] },
    integrity_flags: { type: Number, default: null },
    needs_a_look: { type: Boolean, default: false },
    integrity_models: { type: Schema.Types.Mixed, default: null },
    summary_rev: { type: Number, default: 0 },
    // One of the company's stage keys (hiring/stages.ts checks it before every write).
    stage: { type: String, match: STAGE_KEY_RE, default: FIRST_STAGE },
    stage_changed_at: { type: Date, default: null },
    stage_changed_by: { type: String, default: null },
    notes: { type: [noteSchema], default: undefined },
    ratings: { type: [ratingSchema], default: undefined },
    rating: { type: Number, default: null },
    pipeline_version: { type: Number, default: 0 },
    pending_events: pendingEventsField,
  },
  { collection: 'invitations', timestamps: TIMESTAMPS, versionKey: false },
);

// Deleting an atom is refused while an invitation lists it (hiring/for-content.ts invitationsListing: an $or
// over both lists, one index per branch).
invitationSchema.index({ required_atoms: 1 });
invitationSchema.index({ optional_atoms: 1 });
// The hiring list (hiring/list.ts): every query is scoped to one company and pages in a fixed
// order, so each filter has an index that starts with the company, pins the filter's value, and
// ends in exactly the sort's fields, _id included (the tie-break): the page is read along the
// index (sort + skip/limit stop at the page) and the total is the size of an index prefix, on
// MongoDB as on the embedded engine, which never sorts or counts the company's whole list. These
// indexes end in _id: one document per key, so the embedded engine sizes a range of keys without
// visiting them. Not the search's: a word's terms are few keys each holding many ids there, and one
// key per document would make a range of a common prefix a walk over thousands of keys.
invitationSchema.index({ company: 1, created_at: -1, _id: -1 }); // default: newest (or oldest) first
invitationSchema.index({ company: 1, status: 1, created_at: -1, _id: -1 }); // status filter (the stored status)
invitationSchema.index({ company: 1, atoms: 1, created_at: -1, _id: -1 }); // atom filter
invitationSchema.index({ company: 1, has_level: -1, level_score: -1, created_at: -1, _id: -1 }); // level, high first
invitationSchema.index({ company: 1, has_level: -1, level_score: 1, created_at: -1, _id: -1 }); // level, low first
// role filter, and the meets sorts (P(every bar met)) with and without it; a meets_min filter is a
// range of meets_all right after the pinned prefix, read along the same index
invitationSchema.index({ company: 1, role: 1, created_at: -1, _id: -1 });
invitationSchema.index({ company: 1, has_meets: -1, meets_all: -1, created_at: -1, _id: -1 });
invitationSchema.index({ company: 1, has_meets: -1, meets_all: 1, created_at: -1, _id: -1 });
invitationSchema.index({ company: 1, role: 1, has_meets: -1, meets_all: -1, created_at: -1, _id: -1 });
invitationSchema.index({ company: 1, role: 1, has_meets: -1, meets_all: 1, created_at: -1, _id: -1 });
// pipeline stage filter ('new' also matches invitations stored before stages existed: no stage),
// alone and within a role (a role's candidates at one stage: the round's shortlist); a meets_min
// filter on top is tested on that prefix's few documents
invitationSchema.index({ company: 1, stage: 1, created_at: -1, _id: -1 });
invitationSchema.index({ company: 1, role: 1, stage: 1, created_at: -1, _id: -1 });
// the "needs a look" filter (an integrity signal raised), newest first
invitationSchema.index({ company: 1, needs_a_look: 1, created_at: -1, _id: -1 });
// search: each word an anchored prefix of the terms, a range of this index's keys
invitationSchema.index({ company: 1, search_terms: 1 });
// A search with an atom filter: the search's candidates are narrowed by a set lookup per candidate in
// this index (the engine's index intersection; MongoDB may intersect it too), not by reading each one.
// The status has one already ({ status, lapses_at } below).
invitationSchema.index({ atoms: 1 });
// one company's open invitations whose deadline has passed, written down before the list filters by
// status (hiring/list.ts settleForList): a date range after the pinned company, status and what they lapse to
invitationSchema.index({ company: 1, status: 1, lapses_to: 1, lapses_at: 1, _id: 1 });
// The list's total less the demo invitations and simulated candidates (hiring/list.ts
// countInvitations): those few found through these, not by testing every invitation.
invitationSchema.index({ demo: 1 });
invitationSchema.index({ simulated: 1 });
// An admin's list across every company (no company chosen), newest first.
invitationSchema.index({ created_at: -1, _id: -1 });
// settleLapsedInvitations: open invitations whose deadline passed.
invitationSchema.index({ status: 1, lapses_at: 1 });
// The reconciliation pass: invitations written since its previous pass (a date range, not a scan).
invitationSchema.index({ updated_at: 1 });
// The reconciliation pass: intents still pending after a while (a process died before dispatching).
invitationSchema.index({ 'pending_events.at': 1 });

export const Invitation = model<InvitationDoc>('Invitation', invitationSchema);
