// The picker as a keyboard user drives it: typing searches, arrows move, Enter picks and clears the
// box, listed ids are not offered, a failed search says why.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAdminQueryClient } from './queryClient';
import { QuestionPicker, type PickerOption } from './QuestionPicker';

const bank: PickerOption[] = [
  { id: 11, label: 'What does a closure capture?', detail: 'Draft' },
  { id: 12, label: 'When is a closure created?', detail: 'In review' },
  { id: 13, label: 'What is hoisting?' },
];

function setup(props: { exclude?: number[]; fail?: boolean } = {}) {
  const picked: number[] = [];
  const searches: string[] = [];
  render(
    <QueryClientProvider client={createAdminQueryClient()}>
      <QuestionPicker
        label="Find a question"
        queryKey="test"
        debounceMs={0}
        exclude={props.exclude}
        search={async (text) => {
          searches.push(text);
          if (props.fail) throw new Error('Internal server error');
          return bank.filter((q) => q.label.toLowerCase().includes(text.toLowerCase()));
        }}
        onPick={(o) => picked.push(o.id)}
      />
    </QueryClientProvider>,
  );
  return { picked, searches, box: screen.getByRole('combobox', { name: 'Find a question' }) };
}

test('typing offers the matches; arrows and Enter pick one, and the box is cleared', async () => {
  const { picked, box } = setup();
  fireEvent.change(box, { target: { value: 'closure' } });
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
  expect(screen.getByRole('status')).toHaveTextContent('2 questions found.');
  expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
  fireEvent.keyDown(box, { key: 'ArrowDown' });
  expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
  expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1].id);
  fireEvent.keyDown(box, { key: 'Enter' });
  expect(picked).toEqual([12]);
  expect(box).toHaveValue('');
  expect(screen.queryAllByRole('option')).toHaveLength(0);
});

test('listed ids are not offered; nothing matching says so; Escape closes', async () => {
  const { picked, box } = setup({ exclude: [11] });
  fireEvent.change(box, { target: { value: 'closure' } });
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
  fireEvent.keyDown(box, { key: 'Escape' });
  expect(screen.queryAllByRole('option')).toHaveLength(0);
  fireEvent.keyDown(box, { key: 'Enter' });
  expect(picked).toEqual([]);
  fireEvent.change(box, { target: { value: 'prototype' } });
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No question matches.'));
});

test('a failed search is said in words', async () => {
  const { box } = setup({ fail: true });
  fireEvent.change(box, { target: { value: 'closure' } });
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent('The search failed: Internal server error'),
  );
});
