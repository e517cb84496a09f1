import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  chanceAtLevels,
  createPosterior,
  estimateDensityAtLevels,
  levelProbabilities,
} from '@skillquiz/adaptive';
import type { QuizResult } from '@skillquiz/contracts';
import DemoSidebar from './DemoSidebar';
import { THRESHOLDS, quizResultInProgress } from '@skillquiz/contracts/testing';

/** The sidebar with the toggle state a quiz app would own. */
function Harness({
  result = quizResultInProgress(),
  initial = false,
  onToggle,
}: {
  result?: QuizResult;
  initial?: boolean;
  onToggle?: (v: boolean) => void;
}) {
  const [enabled, setEnabled] = useState(initial);
  return (
    <>
      <button type="button">Submit Your Answer</button>
      <DemoSidebar
        quizResult={result}
        demoModeEnabled={enabled}
        setDemoModeEnabled={(v) => {
          onToggle?.(v);
          setEnabled(v);
        }}
      />
    </>
  );
}

const cards = () => screen.getAllByRole('article');
const cardOf = (n: number) => cards().find((c) => c.getAttribute('data-question-number') === String(n))!;
const rowValues = (card: HTMLElement, kind: string) =>
  Array.from(card.querySelectorAll(`tr[data-row="${kind}"] td`)).map((td) =>
    Number(td.getAttribute('data-value')),
  );

describe('collapsed', () => {
  it('shows only the Demo Mode button, which turns demo mode on, expands and moves focus into the panel', async () => {
    const onToggle = jest.fn();
    render(<Harness onToggle={onToggle} />);
    expect(screen.queryByRole('complementary', { name: 'Adaptability Data' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    const open = screen.getByRole('button', { name: 'Demo Mode' });
    expect(open).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(open);
    expect(onToggle).toHaveBeenCalledWith(true);
    expect(screen.getByRole('complementary', { name: 'Adaptability Data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close demo panel' })).toHaveFocus();
  });

  it('does not steal focus when the page loads with demo mode already on', () => {
    render(<Harness initial />);
    expect(screen.getByRole('complementary', { name: 'Adaptability Data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close demo panel' })).not.toHaveFocus();
  });
});

describe('expanded', () => {
  it('closes with the close arrow: demo mode off, focus back on the Demo Mode button', async () => {
    const onToggle = jest.fn();
    render(<Harness initial onToggle={onToggle} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close demo panel' }));
    expect(onToggle).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('complementary', { name: 'Adaptability Data' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Demo Mode' })).toHaveFocus();
  });

  it('closes with Escape from inside the panel, and only from inside', async () => {
    const onToggle = jest.fn();
    render(<Harness initial onToggle={onToggle} />);
    screen.getByRole('button', { name: 'Submit Your Answer' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onToggle).not.toHaveBeenCalled();

    cardOf(2).focus();
    await userEvent.keyboard('{Escape}');
    expect(onToggle).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('button', { name: 'Demo Mode' })).toHaveFocus();
  });

  it('lists questions with difficulty_params, latest first, past ones dimmed, the current one in full', () => {
    render(<Harness initial />);
    expect(cards().map((c) => c.getAttribute('data-question-number'))).toEqual(['4', '2', '1']);
    expect(screen.queryByRole('heading', { name: /Question 3/ })).not.toBeInTheDocument();

    expect(cardOf(4)).not.toHaveClass('sqd-question--dimmed');
    expect(cardOf(4)).toHaveClass('sqd-question--current');
    expect(cardOf(2)).toHaveClass('sqd-question--dimmed');
    expect(cardOf(1)).toHaveClass('sqd-question--dimmed');
    // Keyboard users reach each row (the CSS undims it on :focus-within).
    for (const c of cards()) expect(c).toHaveAttribute('tabindex', '0');
  });

  it('marks each past question correct or incorrect, in words for screen readers, and the current one not at all', () => {
    render(<Harness initial />);
    expect(within(cardOf(1)).getByText('Answered correctly')).toBeInTheDocument();
    expect(within(cardOf(2)).getByText('Answered incorrectly')).toBeInTheDocument();
    expect(cardOf(1).querySelector('[data-mark]')).toHaveAttribute('data-mark', 'correct');
    expect(cardOf(2).querySelector('[data-mark]')).toHaveAttribute('data-mark', 'incorrect');
    expect(cardOf(4).querySelector('[data-mark]')).toBeNull();
  });

  it("shows the current question in full with 'No Estimate Yet' and its five chances", () => {
    render(<Harness initial />);
    const current = cardOf(4);
    expect(within(current).getByRole('heading', { name: 'Question 4 (current)' })).toBeInTheDocument();
    expect(within(current).getByText('No Estimate Yet')).toBeInTheDocument();
    expect(rowValues(current, 'chance')).toEqual(chanceAtLevels({ a: 1.6, d: 1.1 }, THRESHOLDS));
    expect(rowValues(current, 'density')).toEqual([]);
    expect(within(cardOf(2)).queryByText('No Estimate Yet')).not.toBeInTheDocument();
  });

  it('renders the values the adaptive engine computes, per level, as percentages and numbers', () => {
    render(<Harness initial />);
    const q2 = cardOf(2);
    const chances = chanceAtLevels({ a: 0.9, d: -0.7 }, THRESHOLDS);
    expect(rowValues(q2, 'chance')).toEqual(chances);
    expect(rowValues(q2, 'density')).toEqual(estimateDensityAtLevels(-0.12, 0.74, THRESHOLDS));
    expect(rowValues(q2, 'level-probability')).toEqual(
      levelProbabilities(createPosterior({ mean: -0.12, sd: 0.74 }), THRESHOLDS),
    );
    const texts = Array.from(q2.querySelectorAll('tr[data-row="chance"] td')).map((td) => td.textContent);
    expect(texts).toEqual(chances.map((c) => `${Math.round(c * 100)}%`));
    const headers = within(q2)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Measure', 'L1', 'L2', 'L3', 'L4', 'L5']);
    // The estimate, its error and the error band.
    expect(q2).toHaveTextContent('Estimate after: \u22120.12 ± 0.74 (band \u22120.86 to 0.62, L3)');
  });

  it('plots the estimate after each question as an image with a text and table alternative', () => {
    render(<Harness initial />);
    const img = screen.getByRole('img', { name: /Skill estimate after each question/ });
    expect(img).toHaveAccessibleName(
      expect.stringContaining('after question 1: 0.35 ± 0.82 (L3); after question 2: \u22120.12 ± 0.74 (L3)'),
    );
    const rows = within(
      screen.getByRole('table', { name: 'Skill estimate and error after each question' }),
    ).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'QuestionEstimateErrorLevel',
      '10.350.82L3',
      '2\u22120.120.74L3',
    ]);
    expect(screen.getByText(/after\s+question 2 \(L3\)/)).toBeInTheDocument();
  });

  it('draws one plot per atom when the quiz has several', () => {
    const r = quizResultInProgress();
    r.quiz.atoms.push({ id: 'sql', name: 'SQL', num_questions: 5, levels_thresholds: [...THRESHOLDS] });
    r.past_questions.push({
      number: 5,
      correct: true,
      atom_id: 'sql',
      claim: null,
      difficulty_params: { a: 1, d: 0 },
      post_skill_estimate: 0.2,
      post_skill_estimate_error: 0.9,
    });
    r.next_question = { number: 6, expires_at: null };
    render(<Harness result={r} initial />);
    expect(screen.getAllByRole('img').map((i) => i.querySelector('title')!.textContent)).toEqual([
      'Skill estimate after each question (JavaScript)',
      'Skill estimate after each question (SQL)',
    ]);
  });

  it('says so when no question has difficulty data yet', () => {
    render(<Harness initial result={quizResultInProgress({ past_questions: [] })} />);
    expect(screen.getByText('No questions with difficulty data yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
