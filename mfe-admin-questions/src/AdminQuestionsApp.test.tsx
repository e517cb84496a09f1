// The questions remote through its exposed app and real routes, on the in-memory QuestionsApi of its
// dev page (dev/fakeQuestionsApi.ts) handed to the `api` prop: no module is replaced. Toasts show in
// a real container, as the shell's.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import AdminQuestionsApp from './AdminQuestionsApp';
import { createFakeQuestionsApi, type FakeQuestionsOptions } from '../dev/fakeQuestionsApi';

function renderAt(path: string, options: FakeQuestionsOptions = {}) {
  const api = createFakeQuestionsApi({ latencyMs: 5, ...options });
  const router = createMemoryRouter(
    [{ path: '/admin/questions/*', element: <AdminQuestionsApp api={api} /> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ToastContainer />
    </>,
  );
  return { api, router };
}

it('lists the administered questions, newest first, with their atoms', async () => {
  renderAt('/admin/questions');
  expect(await screen.findByText('7 questions, page 1 of 1')).toBeInTheDocument();
  const table = screen.getByRole('table');
  const ids = within(table)
    .getAllByRole('link')
    .map((a) => a.textContent);
  expect(ids.slice(0, 3)).toEqual(['109', '106', '105']);
});

it('Needs review lists each flagged question with its text as the candidate sees it, and the reasons', async () => {
  renderAt('/admin/questions?statistics=true&needsReview=true');
  const table = await screen.findByRole('table', { name: /Questions of all atoms that need review/ });
  const row = within(table).getByRole('row', { name: /Statistics of question 103/ });
  // 'What is the type of `x`?': the backticks are the candidate's inline code, not characters.
  expect(within(row).getByText('x', { selector: 'code' })).toBeInTheDocument();
  expect(row).toHaveTextContent('What is the type of x?');
  expect(row).not.toHaveTextContent('`');
  expect(within(row).getByText(/^Discrimination 0\.08 is below 0\.15/)).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /Statistics of question 104/ })).toHaveTextContent(
    /Which method returns a new array/,
  );
  expect(within(table).queryByRole('row', { name: /Statistics of question 101/ })).not.toBeInTheDocument();
});

it("the SPEC §8 load toasts: an option list that fails says so ('Error loading claim options')", async () => {
  renderAt('/admin/questions/edit/101/?page=administration', {
    failing: { claimOptions: [500, 'Internal server error'] },
  });
  expect(await screen.findByText('Error loading claim options')).toBeInTheDocument();
  expect(screen.queryByText('Error loading code block options')).not.toBeInTheDocument();
});

it('a question that cannot be loaded is silent (no toast) and the page says so', async () => {
  renderAt('/admin/questions/edit/999/?page=content');
  expect(await screen.findByRole('heading', { name: 'Question not found' })).toBeInTheDocument();
  expect(screen.queryByText(/Error/)).not.toBeInTheDocument();
});

it("saving an edit: 'Question saved', and the fake holds the new text", async () => {
  const { api } = renderAt('/admin/questions/edit/104/?page=content');
  const text = await screen.findByRole('textbox', { name: 'Question text' });
  await userEvent.type(text, ' (ES2023)');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Question saved')).toBeInTheDocument();
  expect(api.questions.find((q) => q.id === 104)?.question_text).toMatch(/\(ES2023\)$/);
});

it('Needs review: a possibly compromised question shows the evidence and is taken out of service in one click', async () => {
  const api = createFakeQuestionsApi({ latencyMs: 5 });
  const plain = api.needsReview.bind(api);
  const reason =
    'Possibly compromised: over its last 40 of 300 attempts 36 were right where its calibration expects 21.0';
  api.needsReview = async (atom) => {
    const list = await plain(atom);
    return {
      ...list,
      questions: list.questions.map((q) =>
        q.id === 104 ? { ...q, flags: [...q.flags, { code: 'possibly_compromised' as const, reason }] } : q,
      ),
    };
  };
  const router = createMemoryRouter(
    [{ path: '/admin/questions/*', element: <AdminQuestionsApp api={api} /> }],
    {
      initialEntries: ['/admin/questions?statistics=true&needsReview=true'],
    },
  );
  render(<RouterProvider router={router} />);
  const table = await screen.findByRole('table', { name: /Questions of all atoms that need review/ });
  const row = within(table).getByRole('row', { name: /Statistics of question 104/ });
  expect(row).toHaveTextContent(reason);
  expect(api.questions.find((q) => q.id === 104)?.status ?? 'ready').toBe('ready');
  await userEvent.click(
    within(row).getByRole('button', {
      name: 'Take question 104 out of service (not administered, back to draft)',
    }),
  );
  expect(
    await within(table).findByText(/Taken out of service \(not administered, status draft\)/),
  ).toBeInTheDocument();
  expect(api.questions.find((q) => q.id === 104)?.status).toBe('draft');
  expect(api.questions.find((q) => q.id === 104)?.administered).toBe(false);
  // the other flagged question has no such action
  const other = within(table).getByRole('row', { name: /Statistics of question 103/ });
  expect(within(other).queryByRole('button', { name: /out of service/ })).not.toBeInTheDocument();
}, 20_000);
