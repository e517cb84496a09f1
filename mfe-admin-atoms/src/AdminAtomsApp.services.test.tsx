// The atoms remote through its exposed app on the real services (libs/remote-kit test-services:
// seeded, signed in as the content admin): its own API module (httpAtomsApi), apiFetch, and the
// server's versions. A failure production can have (a 500) comes from msw at the HTTP layer, its body
// parsed with the contracts' schema so it cannot drift.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ErrorResponseSchema, type AtomWithQuestionsResponse } from '@skillquiz/contracts';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import { renderRemoteAt } from '@skillquiz/remote-kit/test-render';
import AdminAtomsApp from './AdminAtomsApp';

const services = setupTestServices();
beforeEach(() => services.as('admin'));
jest.setTimeout(30_000);

const renderAt = (path: string) =>
  renderRemoteAt(path, [{ path: '/admin/atoms/*', element: <AdminAtomsApp /> }]);

const atom = async (id: string) => {
  const res = await fetch(`/api/atoms/${id}`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as AtomWithQuestionsResponse).atom;
};

it('lists the seeded atoms from GET /api/atoms?include_beta=true, with an Edit link each', async () => {
  renderAt('/admin/atoms');
  const table = await screen.findByRole('table', { name: 'Atoms' });
  expect(within(table).getByRole('link', { name: 'Edit SQL' })).toHaveAttribute(
    'href',
    '/admin/atoms/edit/sql',
  );
  expect(within(table).getByText('javascript')).toBeInTheDocument();
  const lists = services.requests.filter((r) => new URL(r.url).pathname === '/api/atoms');
  expect(lists.map((r) => new URL(r.url).search)).toEqual(['?include_beta=true']);
});

it("a 500 on the wire: the 'Error loading atoms' toast with the server's message, and the page says so", async () => {
  services.msw.use(
    http.get(services.url('/api/atoms'), () =>
      HttpResponse.json(ErrorResponseSchema.parse({ success: false, message: 'Internal server error' }), {
        status: 500,
      }),
    ),
  );
  renderAt('/admin/atoms');
  expect(await screen.findByText('Error loading atoms', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText(/The atoms could not be loaded: Internal server error/)).toBeInTheDocument();
});

it("saving an edit: the 'Atom saved' toast, and the server holds the new name", async () => {
  renderAt('/admin/atoms/edit/python/general');
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await userEvent.clear(name);
  await userEvent.type(name, 'Python 3');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Atom saved')).toBeInTheDocument();
  expect((await atom('python')).name).toBe('Python 3');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
});

it("a stale save: 'Error saving atom' with the server's 409 message, the edit kept", async () => {
  renderAt('/admin/atoms/edit/javascript/general');
  const name = await screen.findByRole('textbox', { name: 'Name' });
  // Someone else saves meanwhile (the same API, another tab).
  const current = await atom('javascript');
  const res = await fetch('/api/atoms/javascript/', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...current, name: 'JavaScript (theirs)' }),
  });
  expect(res.status).toBe(200);
  await userEvent.type(name, ' (mine)');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Error saving atom')).toBeInTheDocument();
  expect(screen.getByText(/was changed by someone else/)).toBeInTheDocument();
  expect(name).toHaveValue('JavaScript (mine)');
  expect((await atom('javascript')).name).toBe('JavaScript (theirs)');
});

it('effort-aware scoring: a labelled checkbox with its explanation, saved to the server and versioned', async () => {
  const before = await atom('sql');
  expect(before.effort_aware_scoring).toBe(false);
  const { router } = renderAt('/admin/atoms/edit/sql/general');
  const box = await screen.findByRole('checkbox', { name: 'Effort-aware scoring' });
  expect(box).not.toBeChecked();
  expect(box).toHaveAccessibleDescription(/set aside when the candidate’s level is computed/);
  await userEvent.click(box);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Atom saved')).toBeInTheDocument();
  const after = await atom('sql');
  expect(after).toMatchObject({ effort_aware_scoring: true, version: (before.version ?? 1) + 1 });
  // opened again, the editor shows what the server holds
  await router.navigate('/admin/atoms/edit/sql/descriptions');
  await router.navigate('/admin/atoms/edit/sql/general');
  expect(await screen.findByRole('checkbox', { name: 'Effort-aware scoring' })).toBeChecked();
});
