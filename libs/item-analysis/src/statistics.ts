// Classical item statistics per question, from every served record, with the flags a reviewer acts on.
// Discrimination is the point-biserial correlation between answering correctly and the candidate's
// ability for the atom *without this item* (item-rest), so an item is never correlated with itself.
import { DEFAULT_PRIOR, DEFAULT_SELECTION_OPTIONS, type Prior } from '@skillquiz/adaptive';
import type { ChoiceCounts, ItemStatistics, ReviewFlag } from '@skillquiz/contracts';
import { RestAbilities, type ServedResponse } from './responses';

// The result shapes are the contracts' (the services send them as they are).
export type { ChoiceCounts, FlagCode, ItemStatistics, ReviewFlag } from '@skillquiz/contracts';

/** Thresholds of the review flags; the screens quote them so a reviewer knows the rule. */
export const REVIEW_RULES = Object.freeze({
  /** Point-biserial below this is "near zero or negative". */
  minDiscrimination: 0.1,
  /** Answers needed before discrimination and the wrong-key check are judged (noise below). */
  minAnsweredForDiscrimination: 30,
  /** Share correct outside [low, high] is flagged once answered this many times. */
  shareCorrectLow: 0.05,
  shareCorrectHigh: 0.98,
  minAnsweredForShare: 50,
  /** Time-outs above this share of answers. */
  maxTimeoutShare: 0.2,
  minAnsweredForTimeouts: 10,
  /** The adaptive engine's exposure cap. */
  exposureCap: DEFAULT_SELECTION_OPTIONS.exposureCap,
});

export interface StatisticsOptions {
  /** Quizzes per atom (the exposure base): every quiz result that includes the atom. */
  atomQuizzes: ReadonlyMap<string, number>;
  prior?: Prior;
  rules?: Partial<typeof REVIEW_RULES>;
  /** How a flag names an answer (its text as served, say); the answer's hash id otherwise. */
  choiceLabel?: (questionId: number, choice: string) => string | undefined;
  /**
   * Each response's rest ability when already known: what `new RestAbilities(responses, prior)
   * .allRestEstimates()` gives. A response's rest ability depends on its own (quiz, atom) group alone, so a
   * caller can keep them per quiz and compute only the quizzes that changed (the services do: content/analytics/rest-cache.ts).
   */
  restEstimates?: ArrayLike<number>;
}

/** Statistics of every question that appears in `responses`, keyed by question id. */
export function itemStatistics(
  responses: readonly ServedResponse[],
  options: StatisticsOptions,
): Map<number, ItemStatistics> {
  const rules = { ...REVIEW_RULES, ...options.rules };
  const byQuestion = new Map<number, number[]>();
  responses.forEach((r, i) => {
    const list = byQuestion.get(r.questionId);
    if (list) list.push(i);
    else byQuestion.set(r.questionId, [i]);
  });
  const restEstimates =
    options.restEstimates ?? new RestAbilities(responses, options.prior ?? DEFAULT_PRIOR).allRestEstimates();
  const out = new Map<number, ItemStatistics>();
  for (const [questionId, indices] of byQuestion) {
    const answered = indices.filter((i) => responses[i].correct !== null);
    const abilities = answered.map((i) => restEstimates[i]);
    const correct = answered.map((i) => responses[i].correct === true);
    const timeouts = answered.filter((i) => responses[i].timedOut).length;
    const times = answered
      .filter((i) => !responses[i].timedOut && responses[i].responseMs !== null)
      .map((i) => responses[i].responseMs!)
      .sort((a, b) => a - b);
    const nCorrect = correct.filter(Boolean).length;
    const stats: ItemStatistics = {
      questionId,
      served: indices.length,
      answered: answered.length,
      timeouts,
      shareCorrect: answered.length ? nCorrect / answered.length : null,
      discrimination: pointBiserial(correct, abilities),
      medianResponseMs: quantile(times, 0.5),
      p90ResponseMs: quantile(times, 0.9),
      exposureRate: exposureRate(
        indices.map((i) => responses[i]),
        options.atomQuizzes,
      ),
      choices: choiceCounts(
        answered.map((i) => responses[i]),
        abilities,
      ),
      flags: [],
    };
    // The exposure cap is the engine's control of scored questions: a beta question is served in every
    // quiz of its atom by design, so only scored serving counts towards the over-exposure flag.
    const scoredExposure = exposureRate(
      indices.map((i) => responses[i]).filter((r) => r.scored),
      options.atomQuizzes,
    );
    stats.flags = reviewFlags(stats, rules, scoredExposure, (choice) => {
      const label = options.choiceLabel?.(questionId, choice);
      return label === undefined ? choice : JSON.stringify(label);
    });
    out.set(questionId, stats);
  }
  return out;
}

/** Pearson correlation of a 0/1 variable with a continuous one; null without variation in either. */
export function pointBiserial(correct: readonly boolean[], ability: readonly number[]): number | null {
  const n = correct.length;
  if (n < 2) return null;
  let mean = 0;
  for (const x of ability) mean += x;
  mean /= n;
  let ss = 0;
  let sum1 = 0;
  let n1 = 0;
  for (let i = 0; i < n; i++) {
    ss += (ability[i] - mean) ** 2;
    if (correct[i]) {
      sum1 += ability[i];
      n1++;
    }
  }
  const sd = Math.sqrt(ss / n);
  if (n1 === 0 || n1 === n || !(sd > 1e-12)) return null;
  const mean1 = sum1 / n1;
  const p = n1 / n;
  // r_pb = (M1 - M) / sd * sqrt(p / q), the same as Pearson's r with a 0/1 variable.
  return ((mean1 - mean) / sd) * Math.sqrt(p / (1 - p));
}

/** Linear-interpolated quantile of sorted values (the usual "type 7"); null when empty. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function exposureRate(
  served: readonly ServedResponse[],
  atomQuizzes: ReadonlyMap<string, number>,
): number | null {
  const quizzesByAtom = new Map<string, Set<string>>();
  for (const r of served) {
    const set = quizzesByAtom.get(r.atomId) ?? new Set<string>();
    set.add(r.quizId);
    quizzesByAtom.set(r.atomId, set);
  }
  let best: number | null = null;
  for (const [atomId, quizzes] of quizzesByAtom) {
    const base = atomQuizzes.get(atomId);
    if (!base) continue;
    const rate = quizzes.size / base;
    if (best === null || rate > best) best = rate;
  }
  return best;
}

/**
 * Choice counts split into thirds by rest ability. Thirds are by rank among this item's respondents,
 * so each holds a third of them whatever the ability distribution (ties broken by order).
 */
function choiceCounts(answered: readonly ServedResponse[], abilities: readonly number[]): ChoiceCounts[] {
  const order = abilities.map((_, i) => i).sort((x, y) => abilities[x] - abilities[y]);
  const third = new Int8Array(answered.length);
  order.forEach((idx, rank) => {
    third[idx] = Math.min(2, Math.floor((3 * rank) / answered.length));
  });
  const counts = new Map<string, ChoiceCounts>();
  const keys = new Set(answered.map((r) => r.key).filter((k): k is string => !!k));
  for (const key of keys) counts.set(key, { choice: key, isKey: true, low: 0, middle: 0, high: 0, total: 0 });
  answered.forEach((r, i) => {
    const choice = r.choice ?? '';
    let c = counts.get(choice);
    if (!c) {
      c = { choice, isKey: keys.has(choice), low: 0, middle: 0, high: 0, total: 0 };
      counts.set(choice, c);
    }
    if (third[i] === 0) c.low++;
    else if (third[i] === 1) c.middle++;
    else c.high++;
    c.total++;
  });
  return [...counts.values()].sort((x, y) => Number(y.isKey) - Number(x.isKey) || y.total - x.total);
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** x as a percentage with as many decimals (up to 2) as it takes not to read the same as `limit`. */
const pctBeside = (x: number, limit: number) => {
  let digits = 0;
  while (digits < 2 && (x * 100).toFixed(digits) === (limit * 100).toFixed(digits)) digits++;
  return `${(x * 100).toFixed(digits)}%`;
};

function reviewFlags(
  s: ItemStatistics,
  rules: typeof REVIEW_RULES,
  scoredExposure: number | null,
  nameChoice: (choice: string) => string,
): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  if (
    s.discrimination !== null &&
    s.answered >= rules.minAnsweredForDiscrimination &&
    s.discrimination < rules.minDiscrimination
  ) {
    flags.push({
      code: 'low_discrimination',
      reason:
        `Discrimination ${s.discrimination.toFixed(2)} is ${s.discrimination < 0 ? 'negative' : 'near zero'}: ` +
        `stronger candidates are not more likely to answer it correctly (expected at least ${rules.minDiscrimination.toFixed(2)}).`,
    });
  }
  if (s.answered >= rules.minAnsweredForDiscrimination) {
    const key = s.choices.find((c) => c.isKey);
    const rival = s.choices.filter((c) => !c.isKey && c.choice !== '').sort((x, y) => y.high - x.high)[0];
    if (key && rival && rival.high > key.high) {
      flags.push({
        code: 'possible_wrong_key',
        reason:
          `In the top third of candidates by ability, answer ${nameChoice(rival.choice)} was chosen ${rival.high} times and ` +
          `the correct answer only ${key.high}: check that the correct answer is marked.`,
      });
    }
  }
  if (s.shareCorrect !== null && s.answered >= rules.minAnsweredForShare) {
    if (s.shareCorrect < rules.shareCorrectLow || s.shareCorrect > rules.shareCorrectHigh) {
      const hard = s.shareCorrect < rules.shareCorrectLow;
      flags.push({
        code: 'extreme_share_correct',
        reason:
          `${pctBeside(s.shareCorrect, hard ? rules.shareCorrectLow : rules.shareCorrectHigh)} of ${s.answered} answers are correct: ${hard ? 'too hard' : 'too easy'} to tell ` +
          `candidates apart (expected between ${pct(rules.shareCorrectLow)} and ${pct(rules.shareCorrectHigh)}).`,
      });
    }
  }
  if (s.answered >= rules.minAnsweredForTimeouts && s.timeouts / s.answered > rules.maxTimeoutShare) {
    flags.push({
      code: 'many_timeouts',
      reason:
        `${pctBeside(s.timeouts / s.answered, rules.maxTimeoutShare)} of answers are time-outs (${s.timeouts} of ${s.answered}): the question may ` +
        `take longer to read than its clock allows (expected at most ${pct(rules.maxTimeoutShare)}).`,
    });
  }
  if (scoredExposure !== null && scoredExposure > rules.exposureCap) {
    flags.push({
      code: 'over_exposed',
      reason:
        `Served in ${pctBeside(scoredExposure, rules.exposureCap)} of its atom's quizzes, above the ${pct(rules.exposureCap)} exposure cap: ` +
        `candidates could share it; the bank needs more questions like it.`,
    });
  }
  return flags;
}
