// The questions remote through its exposed app and real routes on the real services (libs/remote-kit
// test-services: seeded, signed in as the content admin): its own API module (httpQuestionsApi),
// apiFetch, and the server's validation and review rules. Each test's questions are written through
// the admin API first (@skillquiz/remote-kit/test-bank) in an atom of this run. A failure (a 500) and
// the flags the services raise only after hundreds of answers come from msw at the HTTP layer
// (src/testing/statistics.ts, typed by the contracts). Toasts show in a real container, as the shell's.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ErrorResponseSchema, type Question } from '@skillquiz/contracts';
import { createAtom, createQuestion, getQuestion, RUN } from '@skillquiz/remote-kit/test-bank';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import { renderRemoteAt } from '@skillquiz/remote-kit/test-render';
import AdminQuestionsApp from './AdminQuestionsApp';
import { flaggedReplies, itemStatistics } from './testing/statistics';

const services = setupTestServices();
beforeEach(() => services.as('admin'));
jest.setTimeout(30_000);

const renderAt = (path: string) =>
  renderRemoteAt(path, [{ path: '/admin/questions/*', element: <AdminQuestionsApp /> }]);

/** This run's atom: three administered questions (oldest first) and one that is not. */
const atom = `questions-${RUN}`;
let administered: Question[] = [];
let typeQuestion: Question;
beforeAll(async () => {
  services.as('admin');
  await createAtom({ id: atom, name: `Questions ${RUN}` });
  typeQuestion = await createQuestion(services, {
    text: `What is the type of \`x\`? (${RUN})`,
    atoms: [atom],
    administered: true,
  });
  administered = [
    typeQuestion,
    await createQuestion(services, {
      text: `Which method returns a new array? (${RUN})`,
      atoms: [atom],
      administered: true,
    }),
    await createQuestion(services, {
      text: `Which clause filters groups? (${RUN})`,
      atoms: [atom],
      administered: true,
    }),
  ];
  await createQuestion(services, { text: `A draft (${RUN})`, atoms: [atom] });
});

it('lists the administered questions, newest first, with their atoms', async () => {
  renderAt(`/admin/questions?atom=${atom}`);
  expect(await screen.findByText('3 questions, page 1 of 1')).toBeInTheDocument();
  const table = screen.getByRole('table');
  const ids = within(table)
    .getAllByRole('link')
    .map((a) => a.textContent);
  expect(ids.slice(0, 3)).toEqual(administered.map((q) => String(q.id)).reverse());
  const lists = services.requests.filter((r) => new URL(r.url).pathname === '/api/questions/');
  expect(new URL(lists[0].url).searchParams.get('atom')).toBe(atom);
});

it('Needs review lists each flagged question with its text as the candidate sees it, and the reasons', async () => {
  const [, arrays, groups] = administered;
  services.msw.use(
    ...flaggedReplies(services, [itemStatistics(typeQuestion, 395, 0.88), itemStatistics(arrays, 402, 0.91)]),
  );
  renderAt('/admin/questions?statistics=true&needsReview=true');
  const table = await screen.findByRole('table', { name: /Questions of all atoms that need review/ });
  const row = within(table).getByRole('row', {
    name: new RegExp(`Statistics of question ${typeQuestion.id}`),
  });
  // 'What is the type of `x`?': the backticks are the candidate's inline code, not characters.
  expect(within(row).getByText('x', { selector: 'code' })).toBeInTheDocument();
  expect(row).toHaveTextContent('What is the type of x?');
  expect(row).not.toHaveTextContent('`');
  expect(within(row).getByText(/^Discrimination 0\.08 is below 0\.15/)).toBeInTheDocument();
  expect(
    within(table).getByRole('row', { name: new RegExp(`Statistics of question ${arrays.id}`) }),
  ).toHaveTextContent(/Which method returns a new array/);
  expect(
    within(table).queryByRole('row', { name: new RegExp(`Statistics of question ${groups.id}`) }),
  ).not.toBeInTheDocument();
});

it("the SPEC §8 load toasts: an option list that fails says so ('Error loading claim options')", async () => {
  services.msw.use(
    http.get(services.url('/api/questions/claim-options'), () =>
      HttpResponse.json(ErrorResponseSchema.parse({ success: false, message: 'Internal server error' }), {
        status: 500,
      }),
    ),
  );
  renderAt(`/admin/questions/edit/${typeQuestion.id}/?page=administration`);
  expect(await screen.findByText('Error loading claim options')).toBeInTheDocument();
  expect(screen.queryByText('Error loading code block options')).not.toBeInTheDocument();
});

it('a question that cannot be loaded is silent (no toast) and the page says so', async () => {
  renderAt('/admin/questions/edit/999999999/?page=content');
  expect(await screen.findByRole('heading', { name: 'Question not found' })).toBeInTheDocument();
  expect(screen.queryByText(/Error/)).not.toBeInTheDocument();
});

it("saving an edit: 'Question saved', and the server holds the new text", async () => {
  const q = await createQuestion(services, { text: `Which method filters? (${RUN})`, atoms: [atom] });
  renderAt(`/admin/questions/edit/${q.id}/?page=content`);
  const text = await screen.findByRole('textbox', { name: 'Question text' });
  await userEvent.type(text, ' (ES2023)');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Question saved')).toBeInTheDocument();
  expect((await getQuestion(q.id)).question_text).toMatch(/\(ES2023\)$/);
});

it('Needs review: a possibly compromised question shows the evidence and is taken out of service in one click', async () => {
  const live = await createQuestion(services, {
    text: `Which method returns the items the callback keeps? (${RUN})`,
    atoms: [atom],
    administered: true,
  });
  const reason =
    'Possibly compromised: over its last 40 of 300 attempts 36 were right where its calibration expects 21.0';
  const compromised = itemStatistics(live, 402, 0.91);
  compromised.flags.push({ code: 'possibly_compromised', reason });
  services.msw.use(...flaggedReplies(services, [itemStatistics(typeQuestion, 395, 0.88), compromised]));
  const router = createMemoryRouter([{ path: '/admin/questions/*', element: <AdminQuestionsApp /> }], {
    initialEntries: ['/admin/questions?statistics=true&needsReview=true'],
  });
  render(<RouterProvider router={router} />);
  const table = await screen.findByRole('table', { name: /Questions of all atoms that need review/ });
  const row = within(table).getByRole('row', { name: new RegExp(`Statistics of question ${live.id}`) });
  expect(row).toHaveTextContent(reason);
  expect((await getQuestion(live.id)).status ?? 'ready').toBe('ready');
  await userEvent.click(
    within(row).getByRole('button', {
      name: `Take question ${live.id} out of service (not administered, back to draft)`,
    }),
  );
  expect(
    await within(table).findByText(/Taken out of service \(not administered, status draft\)/),
  ).toBeInTheDocument();
  expect((await getQuestion(live.id)).status).toBe('draft');
  expect((await getQuestion(live.id)).administered).toBe(false);
  // the other flagged question has no such action
  const other = within(table).getByRole('row', {
    name: new RegExp(`Statistics of question ${typeQuestion.id}`),
  });
  expect(within(other).queryByRole('button', { name: /out of service/ })).not.toBeInTheDocument();
}, 30_000);

it('Needs review: Refresh takes a possibly compromised question out of service and drafts a fresh variation of it', async () => {
  const leaked = await createQuestion(services, {
    text: `Which method flattens one level of nesting? (${RUN})`,
    atoms: [atom],
    administered: true,
  });
  const compromised = itemStatistics(leaked, 380, 0.93);
  compromised.flags.push({
    code: 'possibly_compromised',
    reason:
      'Possibly compromised: over its last 40 of 280 attempts 37 were right where its calibration expects 22.4',
  });
  services.msw.use(...flaggedReplies(services, [compromised]));
  renderAt('/admin/questions?statistics=true&needsReview=true');
  const table = await screen.findByRole('table', { name: /Questions of all atoms that need review/ });
  const row = within(table).getByRole('row', { name: new RegExp(`Statistics of question ${leaked.id}`) });
  await userEvent.click(
    within(row).getByRole('button', {
      name: `Refresh question ${leaked.id}: take it out of service and draft a fresh variation of it`,
    }),
  );
  const link = await within(row).findByRole('link', { name: /^reword question \d+$/ });
  const freshId = Number(/(\d+)$/.exec(link.textContent ?? '')![1]);
  expect(freshId).not.toBe(leaked.id);
  expect(link).toHaveAttribute('href', `/admin/questions/edit/${freshId}/?page=content`);
  // the original no longer served; the variation a draft with its content, not served, calibrated afresh
  expect(await getQuestion(leaked.id)).toMatchObject({ status: 'draft', administered: false });
  const fresh = await getQuestion(freshId);
  expect(fresh).toMatchObject({
    status: 'draft',
    administered: false,
    original_question_id: leaked.id,
    question_text: leaked.question_text,
    all_atoms: [atom],
  });
  expect(fresh.answers.map((a) => [a.text, a.c])).toEqual(leaked.answers.map((a) => [a.text, a.c]));
  expect(fresh.answers.map((a) => a.hash_id)).not.toEqual(leaked.answers.map((a) => a.hash_id));
}, 30_000);
