import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { CandidateAnswer } from '@skillquiz/contracts';
import { AnswerList } from './AnswerList';

const answers: CandidateAnswer[] = [
  { text: 'Uses `let`', hash_id: 'a1' },
  { text: 'Uses `var`', hash_id: 'a2', correct: true },
  { text: 'Neither', hash_id: 'a3' },
];

function Harness({
  showCorrect = false,
  onSubmit = jest.fn(),
}: {
  showCorrect?: boolean;
  onSubmit?: () => void;
}) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <AnswerList
        name="answer-1"
        answers={answers}
        selected={selected}
        onSelect={setSelected}
        showCorrect={showCorrect}
      />
      <button type="submit">Submit Your Answer</button>
    </form>
  );
}

describe('AnswerList', () => {
  it('is a radio group under the prompt, with inline code rendered as code', () => {
    const { container } = render(<Harness />);
    expect(screen.getByRole('group', { name: 'Select the correct answer:' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(container.querySelectorAll('code')).toHaveLength(2);
    expect(screen.queryByText('Correct')).not.toBeInTheDocument();
  });

  it('Enter selects the focused row, does not submit, and announces it for 2 s', () => {
    jest.useFakeTimers();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    const second = screen.getAllByRole('radio')[1];
    second.focus();
    act(() => {
      second.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(second).toBeChecked();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Selected answer: 2')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('Selected answer: 2')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Selected answer: 2')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('works with Tab, arrows and clicks like radios', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const radios = screen.getAllByRole('radio');
    await user.tab();
    expect(radios[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(radios[1]).toHaveFocus();
    expect(radios[1]).toBeChecked();
    await user.click(screen.getByText('Neither'));
    expect(radios[2]).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit Your Answer' })).toHaveFocus();
  });

  it("shows the 'Correct' label only when asked (demo mode)", () => {
    render(<Harness showCorrect />);
    expect(screen.getAllByText('Correct')).toHaveLength(1);
    expect(screen.getByText('Correct').closest('label')).toHaveTextContent('Uses var');
  });
});
