// What the quiz rules need from storage. store.ts implements it with the mongoose models; the
// rules in service.ts only see this interface and the plain QuizState.
import type { BankItem, DifficultyParams, PreparedBank } from '@skillquiz/adaptive';
import type { LevelThresholds, Withdrawn } from '@skillquiz/contracts';
import type { OutageWindow, PendingEventDoc } from '../platform';
import type { QuizState } from './types';
import type { CompanyInfo, InvitationProgress } from './view';

export interface AtomRecord {
  id: string;
  name: string;
  /** The atom's version and its bank's (content/models/atom.ts): a prepared bank is kept while both stay. */
  version?: number;
  bank_version?: number;
  num_questions: number;
  eta_minutes: number;
  beta_question_ordering: number[];
  levels_thresholds: LevelThresholds | null;
}

/** A bank question as selection needs it (no text, no answers). */
export interface BankRecord {
  id: number;
  difficulty_params: DifficultyParams;
  claim: string | null;
  original_question_id: number | null;
  exposure_count: number;
  /** The question's version (absent: unknown). */
  version?: number | null;
}

export interface QuestionRecord extends BankRecord {
  /** Whether it is served and which atoms list it, now (absent: not known to this store). */
  administered?: boolean;
  atoms?: string[];
  question_text: string;
  code_block: string;
  code_language: string | null;
  version: number | null;
  /** Review status is ready; absent in stores that predate review: servable. */
  ready?: boolean;
  answers: { text: string; hash_id: string; c: boolean; position?: number | null }[];
}

/** What decides whether a quiz of an invitation can still be taken. */
export interface ProgressClock {
  /** Whether this quiz still has questions (it counts as done when it has none). */
  questionsLeft: boolean;
  now: Date;
  /** A sibling quiz's page-close older than this is an abandon (see timing.ts lapseLeave). */
  abandonGraceMinutes: number;
}

export interface QuizStore {
  loadByToken(token: string): Promise<QuizState | null>;
  /**
   * Writes `next` only if the stored revision is still `prev.rev` (and bumps it). `prev` is the
   * state exactly as read: only what differs from it is written. Returns false when another
   * request changed the quiz first; the caller re-reads and decides again. `events` are appended to
   * the quiz's pending events by the same write (platform/models/pending-event.ts).
   */
  commit(prev: QuizState, next: QuizState, events?: readonly PendingEventDoc[]): Promise<boolean>;
  atoms(ids: readonly string[]): Promise<Map<string, AtomRecord>>;
  /** Scored bank of an atom: administered questions listing it. */
  bank(atomId: string): Promise<BankRecord[]>;
  /** Prepared banks kept between answers (bank-cache.ts); without it each selection prepares its own. */
  banks?: PreparedBanks;
  question(id: number): Promise<QuestionRecord | null>;
  /** +1 exposure for each question id (one candidate was served it). */
  recordExposure(questionIds: readonly number[]): Promise<void>;
  /** +1 administration for each atom (a quiz started it); exposure rates are relative to this. */
  recordAdministrations(atomIds: readonly string[]): Promise<void>;
  administrations(atomId: string): Promise<number>;
  company(state: QuizState): Promise<CompanyInfo | null>;
  /**
   * Marks the quiz's invitation started, before the quiz's start is written: a conditional write
   * that only the first start of the invitation makes, recording the name and email it had then.
   * An edit of the candidate's name or email is conditional on that mark being absent, so exactly
   * one of an edit and a start racing it wins. Absent: quizzes without invitations (stores without
   * a database).
   */
  claimStart?(state: QuizState, at: Date): Promise<void>;
  /** What the candidate can still take of the invitation this quiz belongs to. */
  invitationProgress(state: QuizState, clock: ProgressClock): Promise<InvitationProgress>;
  /** Who withdrew this quiz's invitation and whom to ask, when the company revoked it (withdrawal.ts). */
  withdrawal?(state: QuizState, serviceSupport: string | undefined): Promise<Withdrawn | null>;
  /**
   * The database outages (recorded by any process, and one going on now) that overlap [from, to].
   * A question's clock does not count them (timing.ts creditedDeadline). Absent: no outages are
   * known (stores without a database).
   */
  outagesBetween?(from: Date, to: Date): Promise<OutageWindow[]>;
  /** Question logs plus tracking events stored for the quiz with this token. */
  countEvents(token: string): Promise<number>;
  insertQuestionLog(entry: QuestionLogEntry): Promise<void>;
  insertTrackingEvent(entry: TrackingEventEntry): Promise<void>;
  /** Of these page-made event ids, the ones already stored for the quiz (logs and tracking events). */
  storedEventIds(token: string, ids: readonly string[]): Promise<Set<string>>;
  /**
   * Stores a batch's events, each with its page-made id (`client_id`). One that another request
   * stored meanwhile (same quiz and id) is skipped, not an error. Returns how many were stored.
   */
  insertEventBatch(batch: {
    logs: readonly (QuestionLogEntry & ClientStamp)[];
    tracking: readonly (TrackingEventEntry & ClientStamp)[];
  }): Promise<number>;
}

/** What a batch's event adds: the page's id for it, and when it happened by the page's clock. */
export interface ClientStamp {
  client_id: string;
  client_at?: Date;
}

/** A per-question log event as stored. */
export interface QuestionLogEntry {
  quiz_id: string;
  token: string;
  number: number;
  eventName: string;
  eventDetails: unknown;
  at: Date;
}

/** An integrity event as stored. */
export interface TrackingEventEntry {
  quiz_id: string;
  token: string;
  questionId: number;
  event: number;
  eventDetails: { l?: number; r?: number; t?: number } | undefined;
  at: Date;
}

/** An atom's scored bank, ready for the selector (prepared by bank-cache.ts). */
export interface AtomBank {
  /** the atom's version and bank version it was prepared at */
  stamp: string;
  prepared: PreparedBank<BankItem>;
  /** exposure counts, by position in `prepared` */
  exposure: Float64Array;
  /** question id -> position in `prepared` */
  positionOf: Map<number, number>;
  /** question id -> its version when prepared */
  versionOf: Map<number, number | null>;
  /** how many variation families the bank holds (the plan caps an atom's scored questions at it) */
  families: number;
}

/** Prepared banks kept between answers (bank-cache.ts BankCache). */
export interface PreparedBanks {
  /** The atom's prepared bank: the one kept, if prepared at the atom's current stamp, else a fresh one. */
  get(atom: AtomRecord): Promise<AtomBank>;
  /** Forget an atom's bank (a question in it was found changed without its atom's bank version). */
  drop(atomId: string): void;
  /** Exposures this process recorded: counted at once in every kept bank holding the question. */
  noteExposure(questionIds: readonly number[]): void;
}

/**
 * What the quiz reads of the question bank, from the content context (content/bank/for-quiz.ts),
 * handed in by the composition root: the quiz never reads or writes atoms and questions itself.
 */
export interface QuizBankSource {
  atoms(ids: readonly string[]): Promise<Map<string, AtomRecord>>;
  /** Scored bank of an atom: administered, ready questions listing it. */
  bank(atomId: string): Promise<BankRecord[]>;
  question(id: number): Promise<QuestionRecord | null>;
  /** +1 exposure for each question id. */
  recordExposure(questionIds: readonly number[]): Promise<void>;
}

/**
 * What the quiz reads of its invitation and company, from the hiring context (hiring/for-quiz.ts),
 * handed in by the composition root.
 */
export interface QuizInvitationSource {
  company(companyId: string): Promise<CompanyInfo | null>;
  /** The invitation's required and optional atoms (null: no such invitation). */
  atomsOf(invitationId: string): Promise<{ required: string[]; optional: string[] } | null>;
  /** Who withdrew the invitation and whom to ask, when the company revoked it. */
  withdrawal(invitationId: string, serviceSupport: string | null | undefined): Promise<Withdrawn | null>;
  /**
   * Marks the invitation started (QuizStore.claimStart): the first start's conditional write,
   * recording the name and email it had then.
   */
  claimStart(invitationId: string, at: Date): Promise<void>;
}
