// Statistical integrity signals of a candidate's answers and their times (beside the browser's signals in
// the hiring report), and the compromised-question evidence of the content analytics. Computed by
// @skillquiz/item-analysis (src/integrity); reasons for a person to look, never a verdict.

export type IntegritySignalKind = 'preknowledge' | 'rapid_guessing' | 'misfit';

export interface IntegritySignal {
  kind: IntegritySignalKind;
  /** Short name, e.g. "Fast and correct on hard questions". */
  title: string;
  flagged: boolean;
  /** The signal's number: a count of answers, or lz* for misfit; null when it cannot be computed. */
  statistic: number | null;
  /** Probability that a candidate who works honestly shows this much or more; null when not computable. */
  p_value: number | null;
  /** The p-value at or below which the signal is raised. */
  cutoff: number;
  /** The reason in words, with the numbers behind it. */
  reason: string;
  /** "About 1 in N candidates who work honestly shows this." */
  honest_rate: string;
  /** The answers behind it, by their number in the quiz. */
  question_numbers: number[];
}

export interface AtomIntegrity {
  atom_id: string;
  atom_name: string;
  /** 'computed'; 'not_enough_data' when the answers or the questions' time calibration are too few. */
  status: 'computed' | 'not_enough_data' | 'demo';
  answered: number;
  /** Answers with a time and a question with a time calibration (the time signals' base). */
  timed: number;
  /** The candidate's pace: log-time units, positive is faster than the average candidate; with its SE. */
  speed: { tau: number; se: number } | null;
  signals: IntegritySignal[];
  needs_a_look: boolean;
  /**
   * The rapid guesses, by number: those this quiz's score set aside when it ended (effort_aware_scoring),
   * else those the time model picks now.
   */
  rapid_answers: number[];
  /**
   * This quiz's score of the atom set the rapid guesses aside (effort-moderated scoring): the atom's
   * option was on when the quiz ended.
   */
  effort_aware_scoring: boolean;
  /** The estimate with the rapid guesses set aside; null when none was. */
  effort_aware_estimate: { estimate: number; error: number } | null;
  /** Questions of the atom whose time model has enough answers (and that minimum). */
  time_model: { questions: number; calibrated: number; min_answers: number };
}

/** GET /api/hiring/invitations/:id/integrity */
export interface InvitationIntegrityResponse {
  invitation_id: string;
  atoms: AtomIntegrity[];
  needs_a_look: boolean;
  /** How many signals are raised over all atoms. */
  flags: number;
  /** Any-signal rate among honest candidates at the shipped cutoffs (the benchmark's figure). */
  combined_honest_rate: string;
  how_computed: string[];
}
