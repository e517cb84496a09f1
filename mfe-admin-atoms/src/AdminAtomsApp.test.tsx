// The atoms remote through its exposed app and real routes, on the in-memory AtomsApi of its dev page
// (dev/fakeAtomsApi.ts) handed to the `api` prop: no module is replaced. Toasts show in a real
// container, as the shell's.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import AdminAtomsApp from './AdminAtomsApp';
import { createFakeAtomsApi, type FakeAtomsOptions } from '../dev/fakeAtomsApi';

function renderAt(path: string, options: FakeAtomsOptions = {}) {
  const api = createFakeAtomsApi({ latencyMs: 5, ...options });
  const router = createMemoryRouter(
    [
      { path: '/admin/atoms/*', element: <AdminAtomsApp api={api} /> },
      { path: '/404', element: <p>not found page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ToastContainer />
    </>,
  );
  return { api, router };
}

it('lists every atom, beta ones marked, with an Edit link each', async () => {
  renderAt('/admin/atoms');
  const table = await screen.findByRole('table', { name: 'Atoms' });
  expect(within(table).getAllByRole('row')).toHaveLength(5);
  expect(within(table).getByRole('link', { name: 'Edit Async Rust' })).toHaveAttribute(
    'href',
    '/admin/atoms/edit/rust-async',
  );
  expect(within(table).getByText('Beta')).toBeInTheDocument();
});

it("a failed load: the 'Error loading atoms' toast with the server's message, and the page says so", async () => {
  renderAt('/admin/atoms', { failing: { list: [500, 'Internal server error'] } });
  expect(await screen.findByText('Error loading atoms', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText(/The atoms could not be loaded: Internal server error/)).toBeInTheDocument();
});

it("saving an edit: the 'Atom saved' toast, and the fake holds the new name", async () => {
  const { api } = renderAt('/admin/atoms/edit/sql/general');
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await userEvent.clear(name);
  await userEvent.type(name, 'SQL and databases');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Atom saved')).toBeInTheDocument();
  expect(api.atoms.find((a) => a.id === 'sql')?.name).toBe('SQL and databases');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
});

it("a stale save: 'Error saving atom' with the server's 409 message, the edit kept", async () => {
  const { api } = renderAt('/admin/atoms/edit/sql/general');
  const name = await screen.findByRole('textbox', { name: 'Name' });
  api.atoms.find((a) => a.id === 'sql')!.version = 99; // someone else saved meanwhile
  await userEvent.type(name, ' (mine)');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Error saving atom')).toBeInTheDocument();
  expect(screen.getByText(/was changed by someone else/)).toBeInTheDocument();
  expect(name).toHaveValue('SQL (mine)');
});

it('beta question previews load one by one, as the candidate sees them', async () => {
  renderAt('/admin/atoms/edit/javascript/beta-questions');
  const table = await screen.findByRole('table', { name: 'Beta questions in serving order' });
  expect(await within(table).findByText(/What does/)).toBeInTheDocument();
  expect(within(table).getByText(/Welche Methode/)).toBeInTheDocument();
});

it('the beta picker offers only this atom’s beta candidates, with atoms and language, and adds one with the keyboard', async () => {
  renderAt('/admin/atoms/edit/sql/beta-questions');
  const sqlBox = await screen.findByRole('combobox', { name: 'Add a beta question' });
  // 106 and 109 (SQL) are administered: a search for their text offers nothing.
  await userEvent.type(sqlBox, 'GROUP BY');
  expect(await screen.findByText(/No beta candidate matches/)).toBeInTheDocument();
  // 108 is a beta candidate of rust-async, not of SQL: never offered here.
  await userEvent.clear(sqlBox);
  await userEvent.type(sqlBox, 'await');
  expect(await screen.findByText(/No beta candidate matches/)).toBeInTheDocument();
  cleanup();
  renderAt('/admin/atoms/edit/rust-async/beta-questions');
  const box = await screen.findByRole('combobox', { name: 'Add a beta question' });
  await userEvent.type(box, 'await');
  const option = await screen.findByRole('option', { name: /#108/ });
  expect(option).toHaveAttribute('aria-selected', 'true');
  expect(option).toHaveTextContent('atoms: rust-async');
  expect(option).toHaveTextContent('language:');
  await userEvent.keyboard('{Enter}');
  const table = await screen.findByRole('table', { name: 'Beta questions in serving order' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('108');
  expect(box).toHaveFocus();
  expect(screen.getByText('Question 108 added at position 1.')).toBeInTheDocument();
});

it("the server's 400 on the beta ordering is shown on the beta page in words", async () => {
  const { api } = renderAt('/admin/atoms/edit/rust-async/beta-questions');
  api.update = async () => {
    const { ApiError } = await import('@skillquiz/http-client');
    throw new ApiError(400, 'beta_question_ordering: question 108 is administered');
  };
  const box = await screen.findByRole('combobox', { name: 'Add a beta question' });
  await userEvent.type(box, '108');
  await screen.findByRole('option', { name: /#108/ });
  await userEvent.keyboard('{Enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(
    await screen.findByText(/The beta questions were not saved: beta_question_ordering: question 108/),
  ).toBeInTheDocument();
});

it('SPEC §2: the Question ID box with Add appends the id as an integer; an empty box adds nothing', async () => {
  renderAt('/admin/atoms/edit/sql/beta-questions');
  const idBox = await screen.findByRole('textbox', { name: 'Question ID' });
  const add = screen.getByRole('button', { name: 'Add' });
  expect(screen.getByText('No beta questions yet.')).toBeInTheDocument();
  await userEvent.click(add); // empty: nothing added, nothing to save
  expect(screen.getByText('No beta questions yet.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  await userEvent.type(idBox, '  0042 ');
  await userEvent.click(add);
  const table = await screen.findByRole('table', { name: 'Beta questions in serving order' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('42');
  expect(within(table).getAllByRole('row')[1]).not.toHaveTextContent('0042');
  expect(idBox).toHaveValue('');
  await userEvent.type(idBox, '43{Enter}');
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
});

it('the Questions page attaches a question found by text and detaches one', async () => {
  renderAt('/admin/atoms/edit/sql/questions');
  const box = await screen.findByRole('combobox', { name: 'Attach a question' });
  await screen.findByRole('link', { name: /^#106\b/ });
  await userEvent.type(box, 'generator');
  await screen.findByRole('option', { name: /#105/ });
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByRole('link', { name: /^#105\b/ })).toBeInTheDocument();
  expect(screen.getByText('Question 105 attached.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Detach question 106' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: /^#106\b/ })).not.toBeInTheDocument());
  expect(box).toHaveFocus();
});

it('a stale attach is refused in words on the page', async () => {
  renderAt('/admin/atoms/edit/sql/questions', {
    failing: { attach: [409, 'Question 105 was changed by someone else'] },
  });
  const box = await screen.findByRole('combobox', { name: 'Attach a question' });
  await userEvent.type(box, 'generator');
  await screen.findByRole('option', { name: /#105/ });
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('Question 105 was changed by someone else');
});

it('the History page lists versions with what changed and restores one as a new version', async () => {
  const { api } = renderAt('/admin/atoms/edit/sql/general');
  const sql = () => api.atoms.find((a) => a.id === 'sql')!;
  const v = sql().version!;
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await userEvent.type(name, ' basics');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Atom saved')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'History' }));
  const list = await screen.findByRole('heading', { name: new RegExp(`^Version ${v + 1}`) });
  expect(list.closest('li')).toHaveTextContent('name: SQL → SQL basics');
  // Someone else saves meanwhile: the restore is refused in words and nothing changes.
  sql().version = 99;
  await userEvent.click(screen.getByRole('button', { name: `Restore version ${v}` }));
  expect(
    await screen.findByText(/^Not restored: Atom 'sql' was changed by someone else/),
  ).toBeInTheDocument();
  expect(sql().name).toBe('SQL basics');
  sql().version = v + 1;
  await userEvent.click(screen.getByRole('button', { name: `Restore version ${v}` }));
  expect(await screen.findByText(`Version ${v} restored as version ${v + 2}.`)).toBeInTheDocument();
  expect(sql().name).toBe('SQL');
  await userEvent.click(screen.getByRole('link', { name: 'General' }));
  expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('SQL');
}, 20_000);
