// The atoms remote through its exposed app and real routes, on the in-memory AtomsApi of its dev page
// (dev/fakeAtomsApi.ts) handed to the `api` prop: no module is replaced. Toasts show in a real
// container, as the shell's.
import { render, screen, waitFor, within } from '@testing-library/react';
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
