import {
  chanceAtLevels,
  createPosterior,
  estimateDensityAtLevels,
  levelForTheta,
  levelProbabilities,
} from '@skillquiz/adaptive';
import { estimatePlots, estimateView, formatNumber, formatPercent, questionViews } from './model';
import { THRESHOLDS, quizResultInProgress } from '@skillquiz/contracts/testing';

describe('questionViews', () => {
  const views = questionViews(quizResultInProgress());

  it('lists only questions with difficulty_params, highest number first', () => {
    expect(views.map((v) => v.number)).toEqual([4, 2, 1]);
  });

  it('marks the question whose number is next_question.number as current, with no mark and no estimate', () => {
    expect(views.map((v) => v.isCurrent)).toEqual([true, false, false]);
    expect(views[0].correct).toBeNull();
    expect(views[0].estimate).toBeNull();
    expect(views[1].correct).toBe(false);
    expect(views[2].correct).toBe(true);
  });

  it('takes the chances from the adaptive engine with the atom thresholds', () => {
    expect(views[1].chances).toEqual(chanceAtLevels({ a: 0.9, d: -0.7 }, THRESHOLDS));
    expect(views[0].chances).toEqual(chanceAtLevels({ a: 1.6, d: 1.1 }, THRESHOLDS));
    // SPEC §9 by hand: 1 / (1 + e^-(a*t + d)), '-inf' read as -6.
    expect(views[1].chances[0]).toBeCloseTo(1 / (1 + Math.exp(-(0.9 * -6 - 0.7))), 12);
    expect(views[1].chances[3]).toBeCloseTo(1 / (1 + Math.exp(-(0.9 * 0.5 - 0.7))), 12);
  });

  it('takes the estimate curves from the adaptive engine', () => {
    const e = views[2].estimate!;
    expect(e.value).toBe(0.35);
    expect(e.error).toBe(0.82);
    expect(e.densities).toEqual(estimateDensityAtLevels(0.35, 0.82, THRESHOLDS));
    expect(e.levelProbabilities).toEqual(
      levelProbabilities(createPosterior({ mean: 0.35, sd: 0.82 }), THRESHOLDS),
    );
    expect(e.level).toBe(levelForTheta(0.35, THRESHOLDS));
    expect(e.level).toBe(3);
    // The density is a normal: at L4 (0.5) by hand.
    const z = (0.5 - 0.35) / 0.82;
    expect(e.densities[3]).toBeCloseTo(Math.exp(-0.5 * z * z) / (0.82 * Math.sqrt(2 * Math.PI)), 12);
    expect(e.levelProbabilities.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
  });

  it('falls back to the default thresholds for an atom the quiz does not list', () => {
    const r = quizResultInProgress();
    r.past_questions = [{ ...r.past_questions[0], atom_id: 'unknown' }];
    const [v] = questionViews(r);
    expect(v.atomName).toBe('unknown');
    expect(v.chances).toEqual(chanceAtLevels({ a: 1.3, d: 0.4 }, null));
  });

  it('shows no current row once the quiz has no next question', () => {
    const r = quizResultInProgress({ next_question: null });
    expect(questionViews(r).some((v) => v.isCurrent)).toBe(false);
  });
});

describe('estimateView', () => {
  it('is null without a usable estimate', () => {
    expect(estimateView(null, 0.5, THRESHOLDS)).toBeNull();
    expect(estimateView(0.1, null, THRESHOLDS)).toBeNull();
    expect(estimateView(0.1, 0, THRESHOLDS)).toBeNull();
    expect(estimateView(Number.NaN, 0.5, THRESHOLDS)).toBeNull();
  });
});

describe('estimatePlots', () => {
  it('has one series per atom, answered questions with estimates in question order', () => {
    const r = quizResultInProgress();
    const plots = estimatePlots(questionViews(r), r);
    expect(plots).toHaveLength(1);
    expect(plots[0].atomName).toBe('JavaScript');
    expect(plots[0].thresholds).toEqual([-Infinity, -1, -0.25, 0.5, 1.25]);
    expect(plots[0].points).toEqual([
      { number: 1, value: 0.35, error: 0.82, level: 3 },
      { number: 2, value: -0.12, error: 0.74, level: 3 },
    ]);
  });
});

describe('formatting', () => {
  it('rounds percentages and uses a real minus sign', () => {
    expect(formatPercent(0.376)).toBe('38%');
    expect(formatNumber(-0.126)).toBe('\u22120.13');
    expect(formatNumber(-0.001)).toBe('0.00');
    expect(formatNumber(1.5)).toBe('1.50');
  });
});
