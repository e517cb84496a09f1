// When a calibration may be applied: the estimate must rest on enough real answers and
// be precise. Simulated (demo-data) answers never feed an applied calibration, except for a
// question that only demo candidates ever answered in a deployment that allows demo data (the demo
// bank of `npm start`), and then the basis says so. Pure: the services count and calibrate.
import type { ApplyVerdict, CalibrationBasis } from '@skillquiz/contracts';
import { GRADUATION_MAX_SE, type CalibrationResult } from './calibration';

export type { ApplyVerdict, CalibrationBasis } from '@skillquiz/contracts';

/** The rules, quoted on the statistics tab and returned with every question's statistics. */
export const APPLY_RULES = Object.freeze({
  /** Answers (from the basis) the estimate must rest on. */
  minAnswers: 100,
  /** Both standard errors at most this: a 95% interval of about ±0.39 around a and d. */
  maxSe: GRADUATION_MAX_SE,
  /** The interval the screen shows: estimate ± z * SE. */
  z: 1.96,
});

/**
 * The basis: real answers whenever there are any; demo answers only when there are no real ones
 * and the deployment allows demo data; otherwise none.
 */
export function calibrationBasis(
  counts: { real: number; demo: number },
  demoDataAllowed: boolean,
): CalibrationBasis {
  if (counts.real > 0) return 'real';
  if (counts.demo > 0 && demoDataAllowed) return 'demo';
  return 'none';
}

/** Whether `calibration` (computed on `basis`'s answers) may be applied or graduate a question. */
export function applyVerdict(
  calibration: Pick<CalibrationResult, 'n' | 'seA' | 'seD' | 'converged'> | null,
  basis: CalibrationBasis,
  counts: { real: number; demo: number },
): ApplyVerdict {
  const reasons: string[] = [];
  if (basis === 'none' || !calibration) {
    if (counts.demo > 0 && counts.real === 0)
      reasons.push(
        `only simulated answers (${counts.demo}); simulated answers never feed an applied calibration outside demo data`,
      );
    else reasons.push('no answers yet');
    return { allowed: false, reasons };
  }
  const label = basis === 'real' ? 'real' : 'demo-data';
  if (calibration.n < APPLY_RULES.minAnswers)
    reasons.push(`${calibration.n} ${label} answers; at least ${APPLY_RULES.minAnswers} are needed`);
  if (!calibration.converged || calibration.seA === null || calibration.seD === null)
    reasons.push('the answers do not pin the parameters down (no converged estimate)');
  else {
    const wide = (se: number) => se > APPLY_RULES.maxSe;
    if (wide(calibration.seA) || wide(calibration.seD))
      reasons.push(
        `the 95% interval is too wide (a ± ${(APPLY_RULES.z * calibration.seA).toFixed(2)}, d ± ${(
          APPLY_RULES.z * calibration.seD
        ).toFixed(2)}; both must be within ± ${(APPLY_RULES.z * APPLY_RULES.maxSe).toFixed(2)})`,
      );
  }
  return { allowed: reasons.length === 0, reasons };
}
