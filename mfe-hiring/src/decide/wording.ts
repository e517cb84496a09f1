// How the decision figures read on the pages: probabilities as whole percents, the percentile as
// an interval with what it rests on, and a topic's verdict with its uncertainty.
import type { TopicFit } from '@skillquiz/contracts';

export const percent = (p: number) => `${Math.round(100 * p)}%`;

/** "meets L3: 87%" */
export const meetsText = (bar: number, p: number) => `meets L${bar}: ${percent(p)}`;

export function percentileText(p: { low: number; high: number; mass: number; among: number }): string {
  const lo = Math.round(p.low);
  const hi = Math.round(p.high);
  const range = lo === hi ? `${lo}th` : `${lo}th–${hi}th`;
  return `${range} percentile (${percent(p.mass)} interval, among ${p.among} finished candidates)`;
}

export function topicText(t: TopicFit): string {
  const n = `${t.questions} question${t.questions === 1 ? '' : 's'}`;
  const seen = `${t.correct} of ${t.questions} right, about ${t.expected.toFixed(1)} expected at this level`;
  switch (t.verdict) {
    case 'above':
      return `Above what the level predicts (${seen}; ${n})`;
    case 'below':
      return `Below what the level predicts (${seen}; ${n})`;
    case 'as_expected':
      return `As the level predicts, within chance (${seen}; ${n})`;
    default:
      return `Too few questions to tell (${seen}; ${n})`;
  }
}

export const NO_QUESTIONS_NOTE =
  'Question texts and answers are not shown to companies: the same questions are asked of other ' +
  'candidates, and a question whose answer has been seen no longer measures anything.';
