// Import and export in the questions remote, through its exposed app and real routes on
// the in-memory QuestionsApi of its dev page handed to the `api` prop (no module replaced): a good
// file previewed then committed, a bad file whose per-item problems block the commit, an update
// written only once confirmed, and the export asking for the list as it is filtered.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import AdminQuestionsApp from './AdminQuestionsApp';
import { createFakeQuestionsApi } from '../dev/fakeQuestionsApi';

function renderAt(path: string) {
  const api = createFakeQuestionsApi({ latencyMs: 5 });
  const router = createMemoryRouter(
    [{ path: '/admin/questions/*', element: <AdminQuestionsApp api={api} /> }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  return { api, router };
}

const answers = (correct: number) => ['a', 'b', 'c'].map((text, i) => ({ text, correct: i === correct }));
const jsonFile = (questions: unknown[]) =>
  new File(
    [JSON.stringify({ format: 'skillquiz-questions', format_version: 1, atoms: [], questions })],
    'bank.json',
    {
      type: 'application/json',
    },
  );

async function previewFile(file: File) {
  await userEvent.upload(await screen.findByLabelText('File to import'), file);
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  return screen.findByRole('table', { name: 'Items in the file' });
}

it('the list links to the import; a good file is previewed, then committed, and the result is said', async () => {
  const { api, router } = renderAt('/admin/questions');
  await userEvent.click(await screen.findByRole('link', { name: 'Import' }));
  expect(router.state.location.pathname).toBe('/admin/questions/import');
  const before = api.questions.length;
  const table = await previewFile(
    jsonFile([
      { uid: 'new.1', question_text: 'What is a monad?', answers: answers(0) },
      { uid: 'new.2', question_text: 'What is a functor?', answers: answers(1) },
    ]),
  );
  expect(screen.getByText('2 items: 2 new, 0 updates, 0 unchanged, 0 invalid.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Preview of bank.json (JSON)' })).toHaveFocus();
  expect(within(table).getAllByText('New')).toHaveLength(2);
  expect(api.questions.length).toBe(before); // the preview wrote nothing
  await userEvent.click(screen.getByRole('button', { name: 'Import 2 new' }));
  expect(await screen.findByRole('heading', { name: 'Import done' })).toHaveFocus();
  expect(screen.getByText('Created 2 questions (as drafts), updated 0, 0 unchanged.')).toBeInTheDocument();
  expect(api.questions.slice(-2).map((q) => [q.question_text, q.status])).toEqual([
    ['What is a monad?', 'draft'],
    ['What is a functor?', 'draft'],
  ]);
});

it('a bad file lists every item’s problems and nothing can be committed', async () => {
  const { api } = renderAt('/admin/questions/import');
  const before = api.questions.length;
  const table = await previewFile(
    jsonFile([
      { question_text: 'Fine?', answers: answers(0) },
      { question_text: '', answers: answers(0) },
      { question_text: 'Two keys?', answers: [...answers(0), { text: 'd', correct: true }] },
    ]),
  );
  const rows = within(table).getAllByRole('row');
  // The invalid items come first, each with its problem.
  expect(rows[1]).toHaveTextContent('questions[1]');
  expect(rows[1]).toHaveTextContent('question_text: a question needs text');
  expect(rows[2]).toHaveTextContent('answers: exactly one answer must be correct');
  const commit = screen.getByRole('button', { name: /^Import/ });
  expect(commit).toBeDisabled();
  expect(commit).toHaveAccessibleDescription(
    'Nothing can be imported while 2 items have problems: fix the file and preview it again.',
  );
  expect(api.questions.length).toBe(before);
});

it('a matched question is an update, written only once confirmed', async () => {
  const { api } = renderAt('/admin/questions/import');
  const q101 = api.questions.find((q) => q.id === 101)!;
  const edited = {
    uid: 'demo.101',
    question_text: `${q101.question_text} (edited)`,
    answers: q101.answers.map((a) => ({ text: a.text, correct: a.c })),
  };
  await previewFile(jsonFile([edited]));
  const commit = screen.getByRole('button', { name: 'Import 0 new and 0 confirmed updates' });
  expect(commit).toBeDisabled();
  expect(commit).toHaveAccessibleDescription('Nothing to import yet: confirm the updates you want.');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Overwrite question 101' }));
  await userEvent.click(screen.getByRole('button', { name: 'Import 0 new and 1 confirmed update' }));
  expect(
    await screen.findByText('Created 0 questions (as drafts), updated 1, 0 unchanged.'),
  ).toBeInTheDocument();
  expect(api.questions.find((q) => q.id === 101)!.question_text).toMatch(/\(edited\)$/);
});

it('export asks for the list as it is filtered now, in the chosen format', async () => {
  const { api } = renderAt('/admin/questions?atom=javascript&q=log&includeNonAdministered=true');
  const queries: string[] = [];
  const real = api.exportFile;
  api.exportFile = (query) => {
    queries.push(query);
    return real(query);
  };
  URL.createObjectURL = () => 'blob:questions';
  URL.revokeObjectURL = () => undefined;
  // jsdom cannot navigate: the download link's click is recorded instead.
  const downloads: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(`${this.download} ${this.href}`);
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
  expect(await screen.findByText('Exported questions.json.')).toBeInTheDocument();
  expect(queries).toEqual(['format=json&search=log&only_administered=false&atom=javascript']);
  expect(downloads).toEqual(['questions.json blob:questions']);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'CSV');
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent('The export failed: The dev fake exports JSON only'),
  );
});

it('an item with no correct answer is named, and said to arrive as a draft not ready to administer', async () => {
  renderAt('/admin/questions/import');
  const table = await previewFile(
    jsonFile([
      { uid: 'nokey.1', question_text: 'Which is right?', answers: answers(-1) },
      { uid: 'fine.1', question_text: 'What is a monad?', answers: answers(0) },
    ]),
  );
  expect(
    screen.getByText(
      '2 items: 2 new, 0 updates, 0 unchanged, 0 invalid; 1 to fix before it can be administered.',
    ),
  ).toBeInTheDocument();
  const row = within(table).getByText('Which is right?').closest('tr')!;
  expect(within(row).getByText('Created as a draft, not ready to administer')).toBeInTheDocument();
  expect(row).toHaveTextContent('Not ready: answers: no answer is marked correct');
  const fine = within(table).getByText('What is a monad?').closest('tr')!;
  expect(within(fine).getByText('Created as a draft')).toBeInTheDocument();
});
