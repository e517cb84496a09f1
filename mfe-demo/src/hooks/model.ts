// What the demo sidebar shows, as plain data computed from the quiz result. Every number comes from
// @skillquiz/adaptive (SPEC §9 "Adaptive curves"); this module only picks inputs and orders rows.
import {
  LEVEL_COUNT,
  chanceAtLevels,
  createPosterior,
  estimateDensityAtLevels,
  levelForTheta,
  levelProbabilities,
  resolveThresholds,
  type LevelThreshold,
} from '@skillquiz/adaptive';
import type { PastQuestion, QuizResult } from '@skillquiz/contracts';

/** 'L1'..'L5' (SPEC §9: five score levels). */
export const LEVEL_LABELS: readonly string[] = Array.from({ length: LEVEL_COUNT }, (_, i) => `L${i + 1}`);

/** The skill estimate after a question, with what the sidebar derives from it. */
export interface EstimateView {
  value: number;
  /** The reported error, read as the standard deviation of a normal estimate. */
  error: number;
  /** Normal density N(value, error) at the five thresholds (estimateDensityAtLevels). */
  densities: number[];
  /** P(L1..L5) under that normal (levelProbabilities of a posterior holding just N(value, error)). */
  levelProbabilities: number[];
  /** The level the estimate itself falls in (levelForTheta). */
  level: number;
}

export interface QuestionView {
  number: number;
  atomId: string;
  atomName: string;
  claim: string | null;
  /** The question on screen: number equals next_question's number; not answered yet. */
  isCurrent: boolean;
  /** null for the current question (no answer yet). */
  correct: boolean | null;
  /** P(correct) at L1..L5 (chanceAtLevels; '-inf' as -6). */
  chances: number[];
  /** null for the current question ('No Estimate Yet') or when the server sent none. */
  estimate: EstimateView | null;
}

/** One point of the estimate plot: the estimate after question `number`. */
export interface PlotPoint {
  number: number;
  value: number;
  error: number;
  level: number;
}

export interface AtomPlot {
  atomId: string;
  atomName: string;
  /** Numeric thresholds, -Infinity for '-inf' (resolveThresholds). */
  thresholds: number[];
  /** Ascending question number. */
  points: PlotPoint[];
}

function thresholdsOf(result: QuizResult, atomId: string): readonly LevelThreshold[] | null {
  return result.quiz.atoms.find((a) => a.id === atomId)?.levels_thresholds ?? null;
}

function atomNameOf(result: QuizResult, atomId: string): string {
  return result.quiz.atoms.find((a) => a.id === atomId)?.name ?? atomId;
}

/**
 * The estimate after a question, or null when there is none to show. A non-positive error cannot
 * be a normal's SD, so it is shown as no estimate rather than as a spike or NaN.
 */
export function estimateView(
  value: number | null,
  error: number | null,
  thresholds: readonly LevelThreshold[] | null,
): EstimateView | null {
  if (value == null || error == null || !Number.isFinite(value) || !Number.isFinite(error) || !(error > 0))
    return null;
  return {
    value,
    error,
    densities: estimateDensityAtLevels(value, error, thresholds),
    levelProbabilities: levelProbabilities(createPosterior({ mean: value, sd: error }), thresholds),
    level: levelForTheta(value, thresholds),
  };
}

/** The number of the question on screen: next_question's (SPEC §2), none once the quiz is over. */
function currentNumberOf(result: QuizResult): number | null {
  return result.next_question?.number ?? null;
}

/**
 * Rows of the sidebar: past questions that have difficulty_params, highest number first. The quiz
 * app adds the question on screen to past_questions (unanswered, no estimate) when it serves it,
 * so it appears here as the current row.
 */
export function questionViews(result: QuizResult): QuestionView[] {
  const current = currentNumberOf(result);
  return result.past_questions
    .filter(
      (q): q is PastQuestion & { difficulty_params: NonNullable<PastQuestion['difficulty_params']> } =>
        q.difficulty_params != null,
    )
    .slice()
    .sort((x, y) => y.number - x.number)
    .map((q) => {
      const thresholds = thresholdsOf(result, q.atom_id);
      const isCurrent = q.number === current;
      return {
        number: q.number,
        atomId: q.atom_id,
        atomName: atomNameOf(result, q.atom_id),
        claim: q.claim,
        isCurrent,
        correct: isCurrent ? null : (q.correct ?? null),
        chances: chanceAtLevels(q.difficulty_params, thresholds),
        estimate: isCurrent
          ? null
          : estimateView(q.post_skill_estimate, q.post_skill_estimate_error, thresholds),
      };
    });
}

/** The estimate after each answered question, one series per atom, in question order. */
export function estimatePlots(views: readonly QuestionView[], result: QuizResult): AtomPlot[] {
  const byAtom = new Map<string, AtomPlot>();
  for (const v of [...views].sort((x, y) => x.number - y.number)) {
    if (!v.estimate) continue;
    let plot = byAtom.get(v.atomId);
    if (!plot) {
      plot = {
        atomId: v.atomId,
        atomName: v.atomName,
        thresholds: resolveThresholds(thresholdsOf(result, v.atomId)),
        points: [],
      };
      byAtom.set(v.atomId, plot);
    }
    plot.points.push({
      number: v.number,
      value: v.estimate.value,
      error: v.estimate.error,
      level: v.estimate.level,
    });
  }
  return [...byAtom.values()];
}

/** Percent with no decimals ('37%'): the precision a glance needs; exact values sit in data-value. */
export function formatPercent(p: number): string {
  return `${Math.round(p * 100)}%`;
}

/** Two decimals, with a real minus sign so screen readers say "minus". */
export function formatNumber(x: number): string {
  const s = Math.abs(x).toFixed(2);
  return x < 0 && s !== '0.00' ? `\u2212${s}` : s;
}
