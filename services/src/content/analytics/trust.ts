// Calibration you can trust: which answers a question's applied calibration rests on,
// and whether it may be applied (or graduate the question). The rules are @skillquiz/item-analysis'
// APPLY_RULES; real answers are kept apart from simulated (demo-data) ones, which feed an applied
// calibration only for a question no real candidate answered, in a deployment that allows demo
// data (DEMO_MODE_ALLOWED: the demo bank of `npm start`).
import {
  APPLY_RULES,
  applyVerdict,
  calibrateBank,
  calibrationBasis,
  type ApplyVerdict,
  type CalibrationBasis,
  type CalibrationResult,
  type ServedResponse,
} from '@skillquiz/item-analysis';
import type { DifficultyParams } from '@skillquiz/contracts';

export interface TrustedCalibration {
  answers: { real: number; demo: number };
  basis: CalibrationBasis;
  /** On the basis's answers only (null when there is no basis). */
  calibration: CalibrationResult | null;
  /** On simulated answers only, reported apart (null without any). */
  demo_calibration: CalibrationResult | null;
  apply: ApplyVerdict;
}

export const APPLY_RULES_VIEW = {
  min_answers: APPLY_RULES.minAnswers,
  max_se: APPLY_RULES.maxSe,
  z: APPLY_RULES.z,
} as const;

function calibrateOn(
  questionId: number,
  responses: readonly ServedResponse[],
  configured: DifficultyParams,
): CalibrationResult | null {
  return (
    calibrateBank(responses, { only: new Set([questionId]), start: () => configured }).get(questionId) ?? null
  );
}

/** Splits `responses` (every served record the question's quizzes hold) by demo quizzes and calibrates on the basis. */
export function trustedCalibration(
  questionId: number,
  configured: DifficultyParams,
  responses: readonly ServedResponse[],
  demoQuizzes: ReadonlySet<string>,
  demoDataAllowed: boolean,
): TrustedCalibration {
  const real: ServedResponse[] = [];
  const demo: ServedResponse[] = [];
  const answers = { real: 0, demo: 0 };
  for (const r of responses) {
    const isDemo = demoQuizzes.has(r.quizId);
    (isDemo ? demo : real).push(r);
    if (r.questionId === questionId && r.correct !== null) answers[isDemo ? 'demo' : 'real'] += 1;
  }
  const basis = calibrationBasis(answers, demoDataAllowed);
  const calibration =
    basis === 'real'
      ? calibrateOn(questionId, real, configured)
      : basis === 'demo'
        ? calibrateOn(questionId, demo, configured)
        : null;
  const demoCalibration = answers.demo > 0 ? calibrateOn(questionId, demo, configured) : null;
  return {
    answers,
    basis,
    calibration,
    demo_calibration: demoCalibration,
    apply: applyVerdict(calibration, basis, answers),
  };
}
