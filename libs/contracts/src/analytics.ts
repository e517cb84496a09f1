// Content analytics calls (beyond SPEC §7): item statistics, online calibration and the bank
// simulator. The result shapes are declared here, at the bottom of the floor plan, and
// @skillquiz/item-analysis computes values of these types (it imports them from here).
import { z } from 'zod';
import type { DifficultyParams } from './entities';

export type FlagCode =
  | 'low_discrimination'
  | 'possible_wrong_key'
  | 'extreme_share_correct'
  | 'many_timeouts'
  | 'over_exposed'
  | 'possibly_compromised';

export interface ReviewFlag {
  code: FlagCode;
  /** The reason in words, with the numbers behind it. */
  reason: string;
}

/** How often one answer was chosen, by ability third (low, middle, high). '' is "no answer". */
export interface ChoiceCounts {
  choice: string;
  isKey: boolean;
  low: number;
  middle: number;
  high: number;
  total: number;
}

/** One question's classical statistics and review flags (item-analysis `itemStatistics`). */
export interface ItemStatistics {
  questionId: number;
  served: number;
  /** Answered, time-outs included (a time-out is scored incorrect). */
  answered: number;
  timeouts: number;
  /** Correct / answered; null before any answer. */
  shareCorrect: number | null;
  /** Point-biserial with the rest ability; null when it cannot be computed (fewer than 2, no spread). */
  discrimination: number | null;
  /** Over answers that were not time-outs. */
  medianResponseMs: number | null;
  p90ResponseMs: number | null;
  /** Highest over its atoms of (quizzes of the atom that served it) / (quizzes of the atom). */
  exposureRate: number | null;
  choices: ChoiceCounts[];
  flags: ReviewFlag[];
}

/** One question's online 2PL calibration (item-analysis `calibrateItem`). */
export interface CalibrationResult extends DifficultyParams {
  seA: number | null;
  seD: number | null;
  /** Responses used. */
  n: number;
  logLikelihood: number;
  iterations: number;
  /** Newton converged inside the bounds; false means the data do not pin the parameters down. */
  converged: boolean;
}

export interface AbilityBand {
  from: number;
  to: number;
  candidates: number;
  rmse: number | null;
  meanReportedError: number | null;
}

/** What the bank simulator reports (item-analysis `simulateBank`). */
export interface SimulationReport {
  candidates: number;
  numQuestions: number;
  bankSize: number;
  population: { mean: number; sd: number };
  /** At the last question: sqrt(mean (estimate - truth)^2). */
  rmse: number;
  bias: number;
  /** Mean of the posterior SD the quiz reports; close to rmse when the reported error is honest. */
  meanReportedError: number;
  /** Share of candidates whose estimated level equals their true level. */
  levelAgreement: number;
  /** Share of the bank served to at least one candidate. */
  bankUsed: number;
  highestExposure: number;
  exposureCap: number;
  claims: { claim: string; questions: number; served: number; share: number }[];
  /** The bank's total information (sum over questions) on a theta grid from -4 to 4. */
  testInformation: { theta: number; information: number }[];
  errorByAbility: AbilityBand[];
  warnings: string[];
}

/** Which answers an applied calibration rests on (item-analysis `calibrationBasis`). */
export type CalibrationBasis = 'real' | 'demo' | 'none';

/** Whether a calibration may be applied (item-analysis `applyVerdict`). */
export interface ApplyVerdict {
  allowed: boolean;
  /** Why not, in words (empty when allowed). */
  reasons: string[];
}

/** GET /api/questions/{id}/statistics */
export interface QuestionAnalyticsResponse {
  statistics: ItemStatistics | null;
  calibration: CalibrationResult | null;
  configured: DifficultyParams;
  /** The question's version: apply and graduate send it back (a stale one gets 409). */
  version: number;
  /** Beta: listed in some atom's beta_question_ordering. */
  beta: boolean;
  /** Both standard errors at most this to graduate (quoted on the screen). */
  graduation_max_se: number;
  ready_to_graduate: boolean;
  /** How many of the answered records come from simulated demo candidates (`npm run simulate`). */
  demo_answers: number;
  /** Answered records from real candidates and from simulated (demo-data) ones, apart. */
  answers: { real: number; demo: number };
  /**
   * What `calibration` rests on: real answers whenever there are any; demo answers only when there
   * are no real ones and the deployment allows demo data (DEMO_MODE_ALLOWED); none otherwise.
   */
  calibration_basis: CalibrationBasis;
  /** The calibration on simulated answers alone, shown apart (never applied outside demo data). */
  demo_calibration: CalibrationResult | null;
  /** Whether apply (and graduate) is allowed now, and why not. */
  apply: ApplyVerdict;
  /** The rules: at least `min_answers` answers of the basis and both standard errors <= `max_se` (95% interval ± z·SE). */
  apply_rules: { min_answers: number; max_se: number; z: number };
}

/** GET /api/questions/statistics?atom=... : the list's columns, keyed by question id. */
export const QuestionStatisticsListQuerySchema = z.strictObject({
  atom: z.string().min(1).max(64).default('all'),
});
export interface QuestionStatisticsListResponse {
  statistics: Record<string, ItemStatistics>;
}

/** POST /api/questions/{id}/calibration/apply and POST /api/questions/{id}/graduate */
export const CalibrationActionSchema = z.strictObject({
  version: z.number().int().positive(),
});
export type CalibrationAction = z.infer<typeof CalibrationActionSchema>;
export interface CalibrationActionResponse {
  question_id: number;
  old: DifficultyParams;
  new: DifficultyParams;
  version: number;
  administered: boolean;
}

/** POST /api/atoms/{id}/simulate */
export const SimulateRequestSchema = z.strictObject({
  candidates: z.number().int().min(50).max(5000).default(1000),
  mean: z.number().min(-3).max(3).default(0),
  sd: z.number().min(0.2).max(3).default(1),
});
export type SimulateRequest = z.infer<typeof SimulateRequestSchema>;
export interface SimulateResponse {
  report: SimulationReport;
}
