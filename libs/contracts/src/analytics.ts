// Content analytics calls (issue 14, beyond SPEC §7): item statistics, online calibration and the bank
// simulator. The result shapes are the analysis package's own types, so they are declared once.
import { z } from 'zod';
import type {
  ApplyVerdict,
  CalibrationBasis,
  CalibrationResult,
  ItemStatistics,
  SimulationReport,
} from '@skillquiz/item-analysis';
import type { DifficultyParams } from './entities';

export type {
  ApplyVerdict,
  CalibrationBasis,
  CalibrationResult,
  ItemStatistics,
  ReviewFlag,
  SimulationReport,
} from '@skillquiz/item-analysis';

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
  /** Issue 22: answered records from real candidates and from simulated (demo-data) ones, apart. */
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
