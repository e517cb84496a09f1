// Bank simulator: what an atom's bank will do to candidates, before anyone takes it. Simulated candidates
// of known ability go through the real selection and estimation code (@skillquiz/adaptive, as the quiz
// API calls it: shared exposure counts, claim balancing, variation families), and we report how well
// the bank measures them and where it runs thin.
import {
  DEFAULT_SELECTION_OPTIONS,
  createPosterior,
  createRng,
  difficulty,
  itemInformation,
  levelForTheta,
  probabilityCorrect,
  resolveThresholds,
  prepareBank,
  selectFromBank,
  summarizePosterior,
  updatePosterior,
  type BankItem,
  type DifficultyParams,
  type LevelThreshold,
  type Rng,
  type SelectionOptions,
} from '@skillquiz/adaptive';
import type { AbilityBand, SimulationReport } from '@skillquiz/contracts';

export type { AbilityBand, SimulationReport } from '@skillquiz/contracts';

export interface SimulationInput {
  /** The atom's administered, scored bank (ids unique). */
  items: readonly BankItem[];
  /** Scored questions per candidate (the atom's num_questions). */
  numQuestions: number;
  thresholds?: readonly LevelThreshold[] | null;
  /** Default 1,000. */
  candidates?: number;
  /** True abilities ~ N(mean, sd); default N(0, 1). */
  population?: { mean: number; sd: number };
  seed?: number;
  selection?: Omit<SelectionOptions, 'rng'>;
  /**
   * Parameters the simulated answers follow, when they differ from the ones the engine selects and
   * scores with (the calibration benchmark: the engine believes `items`, candidates obey the truth).
   */
  trueParams?: ReadonlyMap<string, DifficultyParams>;
  /** Sees every simulated answer (benchmarks build response data from it). */
  onAnswer?: (answer: { candidate: number; theta: number; item: BankItem; correct: boolean }) => void;
}

const BAND_EDGES = [-3, -2, -1, 0, 1, 2, 3];
const INFO_GRID = Array.from({ length: 33 }, (_, i) => -4 + i * 0.25);

export function simulateBank(input: SimulationInput): SimulationReport {
  const candidates = input.candidates ?? 1000;
  const population = input.population ?? { mean: 0, sd: 1 };
  const thresholds = resolveThresholds(input.thresholds ?? null);
  const rng = createRng(input.seed ?? 1);
  const options: SelectionOptions = { ...DEFAULT_SELECTION_OPTIONS, ...input.selection, rng };
  const items = input.items;
  // The bank is the same for every candidate: its selection arrays are built once, as the quiz
  // path keeps them between answers (selectNextItem would rebuild them on every step).
  const prepared = prepareBank(items);
  const exposure = new Map<string, number>();
  const claimServed = new Map<string, number>();
  const normal = gaussian(rng);

  const truths: number[] = [];
  const estimates: number[] = [];
  const errors: number[] = [];
  for (let c = 0; c < candidates; c++) {
    const theta = population.mean + population.sd * normal();
    const posterior = createPosterior();
    const seen = new Set<string>();
    const claimCounts = new Map<string, number>();
    let current = { estimate: 0, error: 1 };
    for (let q = 0; q < input.numQuestions; q++) {
      const choice = selectFromBank(
        prepared,
        {
          theta: current.estimate,
          seenIds: seen,
          claimCounts,
          exposureCounts: exposure,
          totalAdministrations: c + 1,
          itemsServed: q,
        },
        options,
      );
      if (!choice) break;
      const item = choice.item;
      seen.add(item.id);
      exposure.set(item.id, (exposure.get(item.id) ?? 0) + 1);
      const claim = item.claim ?? '';
      claimCounts.set(claim, (claimCounts.get(claim) ?? 0) + 1);
      claimServed.set(claim, (claimServed.get(claim) ?? 0) + 1);
      const truth = input.trueParams?.get(item.id) ?? item;
      const correct = rng() < probabilityCorrect(truth, theta);
      input.onAnswer?.({ candidate: c, theta, item, correct });
      updatePosterior(posterior, item, correct);
      current = summarizePosterior(posterior);
    }
    truths.push(theta);
    estimates.push(current.estimate);
    errors.push(current.error);
  }

  const sq = truths.map((t, i) => (estimates[i] - t) ** 2);
  const rmse = Math.sqrt(mean(sq));
  const levelAgreement =
    truths.filter((t, i) => levelForTheta(t, thresholds) === levelForTheta(estimates[i], thresholds)).length /
    Math.max(1, candidates);
  const exposures = [...exposure.values()];
  const claimQuestions = new Map<string, number>();
  for (const item of items)
    claimQuestions.set(item.claim ?? '', (claimQuestions.get(item.claim ?? '') ?? 0) + 1);
  const totalServed = [...claimServed.values()].reduce((s, x) => s + x, 0);

  const errorByAbility: AbilityBand[] = [];
  const edges = [-Infinity, ...BAND_EDGES, Infinity];
  for (let b = 0; b + 1 < edges.length; b++) {
    const inBand = truths.map((t, i) => i).filter((i) => truths[i] >= edges[b] && truths[i] < edges[b + 1]);
    errorByAbility.push({
      from: edges[b],
      to: edges[b + 1],
      candidates: inBand.length,
      rmse: inBand.length ? Math.sqrt(mean(inBand.map((i) => sq[i]))) : null,
      meanReportedError: inBand.length ? mean(inBand.map((i) => errors[i])) : null,
    });
  }

  const report: SimulationReport = {
    candidates,
    numQuestions: input.numQuestions,
    bankSize: items.length,
    population,
    rmse,
    bias: mean(truths.map((t, i) => estimates[i] - t)),
    meanReportedError: mean(errors),
    levelAgreement,
    bankUsed: items.length ? exposure.size / items.length : 0,
    highestExposure: exposures.length ? Math.max(...exposures) / Math.max(1, candidates) : 0,
    exposureCap: options.exposureCap ?? DEFAULT_SELECTION_OPTIONS.exposureCap,
    claims: [...claimQuestions.entries()]
      .map(([claim, questions]) => ({
        claim,
        questions,
        served: claimServed.get(claim) ?? 0,
        share: totalServed ? (claimServed.get(claim) ?? 0) / totalServed : 0,
      }))
      .sort((x, y) => y.served - x.served),
    testInformation: INFO_GRID.map((theta) => ({
      theta,
      information: items.reduce((s, item) => s + itemInformation(item, theta), 0),
    })),
    errorByAbility,
    warnings: [],
  };
  report.warnings = bankWarnings(report, items, thresholds, truths, sq);
  return report;
}

/** Plain-language warnings about where the bank runs thin. */
function bankWarnings(
  report: SimulationReport,
  items: readonly BankItem[],
  thresholds: number[],
  truths: number[],
  sq: number[],
): string[] {
  const warnings: string[] = [];
  if (items.length < report.numQuestions) {
    warnings.push(
      `The bank has ${items.length} questions for ${report.numQuestions} per candidate: quizzes end early.`,
    );
  } else if (items.length < 2 * report.numQuestions) {
    warnings.push(
      `The bank has only ${items.length} questions for ${report.numQuestions} per candidate: most candidates see the same questions.`,
    );
  }
  // Per level: candidates whose true level it is, measured clearly worse than the whole population.
  const bounds = [-Infinity, ...thresholds.slice(1), Infinity];
  for (let level = 1; level <= 5; level++) {
    const lo = bounds[level - 1];
    const hi = bounds[level];
    const inLevel = truths.map((_, i) => i).filter((i) => truths[i] >= lo && truths[i] < hi);
    if (inLevel.length < Math.max(20, report.candidates * 0.02)) continue;
    const bandRmse = Math.sqrt(mean(inLevel.map((i) => sq[i])));
    if (bandRmse <= Math.max(0.45, 1.3 * report.rmse)) continue;
    const questions = items.filter((item) => {
      const b = difficulty(item);
      return b >= lo && b < hi;
    }).length;
    const where = level === 5 ? 'above L4' : level === 1 ? 'below L2' : `at L${level}`;
    warnings.push(
      `Few questions ${where} (${questions} with their difficulty there): candidates there are measured to +/- ${bandRmse.toFixed(1)}.`,
    );
  }
  if (report.highestExposure >= report.exposureCap - 0.005) {
    warnings.push(
      `Some questions are served to ${Math.round(report.highestExposure * 100)}% of candidates, the exposure cap: ` +
        `add questions like them so fewer candidates share each one.`,
    );
  }
  const claimCount = report.claims.filter((c) => c.claim !== '').length;
  if (claimCount > 1) {
    const fair = 1 / claimCount;
    for (const c of report.claims) {
      if (c.claim !== '' && c.share < fair / 3) {
        warnings.push(
          `Claim '${c.claim}' gets ${Math.round(c.share * 100)}% of questions served (an even share would be ` +
            `${Math.round(fair * 100)}%): its questions are less informative than the others'.`,
        );
      }
    }
  }
  return warnings;
}

function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0;
}

/** Standard normal draws from a uniform source (Box-Muller, both values used). */
export function gaussian(rng: Rng): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    const u = Math.max(rng(), Number.MIN_VALUE);
    const v = rng();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}
