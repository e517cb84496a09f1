// Import and export in the questions remote, through its exposed app on the real services
// (libs/remote-kit test-services: seeded, signed in as the content admin): its own API module
// (httpQuestionsApi), apiFetch, and the server's import preview, commit and export. A good file
// previewed then committed, a bad file whose per-item problems block the commit, an update written
// only once confirmed, and the export asking for the list as it is filtered. A failure production
// can have (a 500) comes from msw at the HTTP layer, its body parsed with the contracts' schema.
import { File as NodeFile } from 'node:buffer';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ErrorResponseSchema, type QuestionListResponse, type QuestionResponse } from '@skillquiz/contracts';
import { setupTestServices, testServicesInfo } from '@skillquiz/remote-kit/test-services';
import AdminQuestionsApp from './AdminQuestionsApp';

const services = setupTestServices();
beforeEach(() => services.as('admin'));
// The double-submit cookie a signed-in browser holds (the file upload echoes it in its CSRF header).
const { sessions } = testServicesInfo();
document.cookie = `CSRF-TOKEN=${encodeURIComponent(sessions.admin['x-csrf-token'])}`;
jest.setTimeout(30_000);

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/admin/questions/*', element: <AdminQuestionsApp /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { router };
}

/** GET from the services as the admin, outside the page. */
async function get<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const everyQuestion = (search = '') =>
  get<QuestionListResponse>(
    `/api/questions/?${new URLSearchParams({ page: '1', search, only_administered: 'false', atom: 'all' })}`,
  );

/** A unique word per run, so a file's items are new to the server. */
const run = Date.now().toString(36);
const answers = (correct: number) => ['a', 'b', 'c'].map((text, i) => ({ text, correct: i === correct }));
// Node's File, not jsdom's: the page's upload goes through Node's fetch, which sends only its own Blobs.
const jsonFile = (questions: unknown[]) =>
  new NodeFile(
    [JSON.stringify({ format: 'skillquiz-questions', format_version: 1, atoms: [], questions })],
    'bank.json',
    { type: 'application/json' },
  ) as unknown as File;

async function previewFile(file: File) {
  await userEvent.upload(await screen.findByLabelText('File to import'), file);
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  return screen.findByRole('table', { name: 'Items in the file' });
}

it('the list links to the import; a good file is previewed, then committed, and the result is said', async () => {
  const { router } = renderAt('/admin/questions');
  await userEvent.click(await screen.findByRole('link', { name: 'Import' }));
  expect(router.state.location.pathname).toBe('/admin/questions/import');
  const before = (await everyQuestion(run)).total;
  const table = await previewFile(
    jsonFile([
      { uid: `new.${run}.1`, question_text: `What is a monad? ${run}`, answers: answers(0) },
      { uid: `new.${run}.2`, question_text: `What is a functor? ${run}`, answers: answers(1) },
    ]),
  );
  expect(screen.getByText('2 items: 2 new, 0 updates, 0 unchanged, 0 invalid.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Preview of bank.json (JSON)' })).toHaveFocus();
  expect(within(table).getAllByText('New')).toHaveLength(2);
  expect((await everyQuestion(run)).total).toBe(before); // the preview wrote nothing
  await userEvent.click(screen.getByRole('button', { name: 'Import 2 new' }));
  expect(await screen.findByRole('heading', { name: 'Import done' })).toHaveFocus();
  expect(screen.getByText('Created 2 questions (as drafts), updated 0, 0 unchanged.')).toBeInTheDocument();
  const created = (await everyQuestion(run)).questions;
  expect(created.map((q) => [q.question_text, q.status]).sort()).toEqual([
    [`What is a functor? ${run}`, 'draft'],
    [`What is a monad? ${run}`, 'draft'],
  ]);
});

it('a bad file lists every item’s problems and nothing can be committed', async () => {
  renderAt('/admin/questions/import');
  const before = (await everyQuestion(run)).total;
  const table = await previewFile(
    jsonFile([
      { question_text: 'Fine?', answers: answers(0) },
      { question_text: '', answers: answers(0) },
      { question_text: 'Two keys?', answers: [...answers(0), { text: 'd', correct: true }] },
    ]),
  );
  const rows = within(table).getAllByRole('row');
  // The invalid items come first, each with the server's words for its problem.
  expect(rows[1]).toHaveTextContent('questions[1]');
  expect(rows[1]).toHaveTextContent('question_text: the question has no text');
  expect(rows[2]).toHaveTextContent('answers: only one answer can be correct');
  const commit = screen.getByRole('button', { name: /^Import/ });
  expect(commit).toBeDisabled();
  expect(commit).toHaveAccessibleDescription(
    'Nothing can be imported while 2 items have problems: fix the file and preview it again.',
  );
  expect((await everyQuestion(run)).total).toBe(before);
});

it('a matched question is an update, written only once confirmed', async () => {
  const { question } = await get<QuestionResponse>('/api/questions/2');
  renderAt('/admin/questions/import');
  const edited = {
    uid: question.uid,
    question_text: `${question.question_text} (edited)`,
    answers: question.answers.map((a) => ({ text: a.text, correct: a.c })),
  };
  await previewFile(jsonFile([edited]));
  const commit = screen.getByRole('button', { name: 'Import 0 new and 0 confirmed updates' });
  expect(commit).toBeDisabled();
  expect(commit).toHaveAccessibleDescription('Nothing to import yet: confirm the updates you want.');
  expect((await get<QuestionResponse>('/api/questions/2')).question.question_text).toBe(
    question.question_text,
  );
  await userEvent.click(screen.getByRole('checkbox', { name: 'Overwrite question 2' }));
  await userEvent.click(screen.getByRole('button', { name: 'Import 0 new and 1 confirmed update' }));
  expect(
    await screen.findByText('Created 0 questions (as drafts), updated 1, 0 unchanged.'),
  ).toBeInTheDocument();
  expect((await get<QuestionResponse>('/api/questions/2')).question.question_text).toMatch(/\(edited\)$/);
});

it('export asks the server for the list as it is filtered now, in the chosen format', async () => {
  renderAt('/admin/questions?atom=javascript&q=log&includeNonAdministered=true');
  URL.createObjectURL = () => 'blob:questions';
  URL.revokeObjectURL = () => undefined;
  // jsdom cannot navigate: the download link's click is recorded instead.
  const downloads: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(`${this.download} ${this.href}`);
  });
  const exports = () =>
    services.requests
      .filter((r) => new URL(r.url).pathname === '/api/questions/export')
      .map((r) => new URL(r.url).search);
  await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
  expect(await screen.findByText(/^Exported .+\.json\.$/)).toBeInTheDocument();
  expect(exports()).toEqual(['?format=json&search=log&only_administered=false&atom=javascript']);
  expect(downloads).toEqual([expect.stringMatching(/^\S+\.json blob:questions$/)]);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'CSV');
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  expect(await screen.findByText(/^Exported .+\.csv\.$/)).toBeInTheDocument();
  expect(exports()[1]).toBe('?format=csv&search=log&only_administered=false&atom=javascript');
  // A failure on the wire is said in words, with the server's message (SPEC §8).
  services.msw.use(
    http.get(services.url('/api/questions/export'), () =>
      HttpResponse.json(ErrorResponseSchema.parse({ success: false, message: 'Internal server error' }), {
        status: 500,
      }),
    ),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent('The export failed: Internal server error'),
  );
});

it('an item with no correct answer is named, and said to arrive as a draft not ready to administer', async () => {
  renderAt('/admin/questions/import');
  const table = await previewFile(
    jsonFile([
      { uid: `nokey.${run}`, question_text: 'Which is right?', answers: answers(-1) },
      { uid: `fine.${run}`, question_text: 'What is a monad?', answers: answers(0) },
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
