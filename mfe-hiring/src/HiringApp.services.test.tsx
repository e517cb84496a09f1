// The hiring remote through its exposed app on the real services (libs/remote-kit test-services:
// seeded, the sample candidates invited through the real API): its own API module (httpHiringApi),
// apiFetch, and the server's validation, tenancy and CSV. Failures production can have (a 500, a 409)
// come from msw at the HTTP layer, their bodies parsed with the contracts' schema so they cannot drift.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ErrorResponseSchema } from '@skillquiz/contracts';
import { ApiError } from '@skillquiz/http-client';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import HiringApp from './HiringApp';
import { httpHiringApi } from './api/hiringApi';

const services = setupTestServices();

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/hiring/*', element: <HiringApp /> }], {
    initialEntries: [path],
  });
  render(
    <>
      <RouterProvider router={router} />
      <ToastContainer />
    </>,
  );
  return { router };
}

/** A SPEC §8 error reply, checked against the contracts' schema. */
const errorReply = (status: number, message: string) =>
  HttpResponse.json(ErrorResponseSchema.parse({ success: false, message }), { status });

/** What jsdom's Blob holds. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

jest.setTimeout(30_000);

describe('candidates list', () => {
  it("lists the recruiter's own company's candidates only", async () => {
    renderAt('/hiring');
    const table = await screen.findByRole('table', { name: 'Candidates' });
    expect(await within(table).findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(table).queryByText('Peter Gibbons')).not.toBeInTheDocument(); // Initech's
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument(); // no switcher for a recruiter
  });

  it('search goes into the URL and the server filters by it', async () => {
    const { router } = renderAt('/hiring');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.type(screen.getByLabelText('Search'), 'grace');
    expect(await screen.findByText('1 candidate, page 1 of 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=grace');
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('exports the filtered list as CSV from the server, only the own company', async () => {
    renderAt('/hiring?status=invited');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const said = await screen.findByText(/^Exported candidates-acme-robotics-\d{4}-\d\d-\d\d\.csv\.$/);
    expect(said).toHaveAttribute('role', 'status');
    const blobs = (globalThis as unknown as { downloadedBlobs: Map<string, Blob> }).downloadedBlobs;
    const lines = (await blobText([...blobs.values()].at(-1)!))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^invitation_id,candidate_name,candidate_email,company,status/);
    expect(lines.some((l) => l.includes('Ada Lovelace'))).toBe(true);
    // Grace has two atoms: two rows. Every row is an invited one of Acme.
    expect(lines.filter((l) => l.includes('Grace Hopper'))).toHaveLength(2);
    expect(lines.slice(1).every((l) => l.includes(',Acme Robotics,invited,'))).toBe(true);
    expect(lines.some((l) => l.includes('Peter Gibbons'))).toBe(false);
  });

  it('a failed load raises the SPEC §8 toast and the status says so', async () => {
    services.msw.use(
      http.get(services.url('/api/hiring/invitations'), () => errorReply(500, 'Internal server error')),
    );
    renderAt('/hiring');
    expect(await screen.findByText('Error loading candidates')).toBeInTheDocument();
    expect(screen.getByText('The candidates could not be loaded.')).toBeInTheDocument();
  });

  it('an admin has a company switcher: every company with a Company column, or one', async () => {
    services.as('admin');
    // Oldest first: the seeded candidates lead whatever the files sharing the services add meanwhile.
    const { router } = renderAt('/hiring?sort=date_asc');
    expect(await screen.findByRole('link', { name: 'Peter Gibbons' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Company'), 'initech');
    expect(await screen.findByText('2 candidates, page 1 of 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?company=initech&sort=date_asc');
    expect(screen.queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Peter Gibbons' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/hiring\/invitations\/\w+\?company=initech$/),
    );
  });
});

describe('invite', () => {
  it('shows each problem by its field and focuses the first; nothing is sent', async () => {
    renderAt('/hiring/invite');
    const create = await screen.findByRole('button', { name: 'Create invitation' });
    await waitFor(() => expect(create).toBeEnabled()); // once who is signed in has loaded
    await userEvent.click(create);
    expect(screen.getByLabelText('Candidate name')).toHaveFocus();
    expect(screen.getByLabelText('Candidate name')).toHaveAccessibleDescription(
      'Enter the candidate’s name.',
    );
    expect(screen.getByText('Add at least one required atom.')).toBeInTheDocument();
    expect(services.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('invites one candidate with ordered atoms, an optional one and +50% time, then shows the link to copy', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderAt('/hiring/invite');
    await userEvent.type(await screen.findByLabelText('Candidate name'), 'Joan Clarke');
    await userEvent.type(screen.getByLabelText('Candidate email'), 'joan@example.com');
    const add = screen.getByLabelText('Add a required atom');
    await waitFor(() => expect(within(add).getAllByRole('option').length).toBeGreaterThan(2));
    await userEvent.selectOptions(add, 'sql');
    await userEvent.click(screen.getByRole('button', { name: 'Add required atom' }));
    await userEvent.selectOptions(screen.getByLabelText('Add a required atom'), 'javascript');
    await userEvent.click(screen.getByRole('button', { name: 'Add required atom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move JavaScript up' }));
    expect(screen.getByRole('button', { name: 'Move JavaScript down' })).toHaveFocus();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Python' }));
    await userEvent.click(screen.getByRole('radio', { name: '+50%' }));
    expect(screen.getByLabelText('Link expires on')).toHaveValue(
      new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('sv-SE'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation' }));

    const heading = await screen.findByRole('heading', { name: 'Invitation created for Joan Clarke' });
    expect(heading).toHaveFocus();
    expect(await screen.findByText('Invitation created')).toBeInTheDocument(); // the toast
    // What the server stored, as it serves it.
    const joan = await httpHiringApi.report(await idOf('Joan Clarke'));
    expect(joan.invitation.atoms.map((a) => [a.id, a.required])).toEqual([
      ['javascript', true],
      ['sql', true],
      ['python', false],
    ]);
    expect(joan.invitation.extra_time_percent).toBe(50);
    const link = screen.getByLabelText<HTMLInputElement>('Candidate link');
    expect(link.value).toMatch(/^http:\/\/[\w.:]+\/quiz\/[\w-]+$/);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link (Candidate link)' }));
    expect(writeText).toHaveBeenCalledWith(link.value);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Invite another candidate' }));
    await waitFor(() => expect(screen.getByLabelText('Candidate name')).toHaveFocus());
    expect(screen.getByLabelText('Candidate name')).toHaveValue('');
    expect(screen.getByText('1. JavaScript')).toBeInTheDocument(); // the atoms stay for the next one
  });

  it("the server's refusal is a toast with its message; the form keeps what was typed", async () => {
    services.msw.use(
      http.post(services.url('/api/hiring/invitations'), () =>
        errorReply(400, 'candidate_email: email is not a valid email address'),
      ),
    );
    renderAt('/hiring/invite');
    await userEvent.type(await screen.findByLabelText('Candidate name'), 'Joan');
    await userEvent.type(screen.getByLabelText('Candidate email'), 'joan@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Add required atom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByText('Error creating invitation')).toBeInTheDocument();
    expect(screen.getByText('candidate_email: email is not a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Candidate name')).toHaveValue('Joan');
  });
});

describe('invite as an admin', () => {
  it('an admin must choose the company first', async () => {
    services.as('admin');
    const { router } = renderAt('/hiring/invite');
    expect(await screen.findByText('Choose a company above first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create invitation' })).toBeDisabled();
    await userEvent.selectOptions(await screen.findByLabelText('Company'), 'initech');
    expect(router.state.location.search).toBe('?company=initech');
    expect(await screen.findByRole('heading', { name: 'Invite candidates to Initech' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create invitation' })).toBeEnabled();
  });
});

describe('bulk invite', () => {
  it('a good file: the preview, then Create creates every row and lists their links', async () => {
    renderAt('/hiring/invite');
    const input = await screen.findByLabelText('CSV file');
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.upload(
      input,
      new File(
        [
          'Ann One,ann@example.com,javascript\nBen Two,ben@example.com,python;sql\nCat Three,cat@example.com,sql\n',
        ],
        'candidates.csv',
        { type: 'text/csv' },
      ),
    );
    expect(await screen.findByText(/^All 3 rows are fine/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create 3 invitations' }));
    expect(await screen.findByRole('heading', { name: '3 invitations created' })).toHaveFocus();
    expect(screen.getAllByRole('button', { name: /^Copy link/ })).toHaveLength(3);
    // The server has them.
    const list = await httpHiringApi.list({ page: 1 });
    expect(
      list.items.filter((r) => /^(Ann One|Ben Two|Cat Three)$/.test(r.candidate_name ?? '')),
    ).toHaveLength(3);
  });

  it('a file with bad rows is refused row by row by the server and nothing is created', async () => {
    renderAt('/hiring/invite');
    const input = await screen.findByLabelText('CSV file');
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.upload(
      input,
      new File(
        ['name,email,atoms\nAda,ada@example.com,javascript\n,bob@example.com,sql\nCy,not-an-email,cobol\n'],
        'candidates.csv',
        { type: 'text/csv' },
      ),
    );
    expect(
      await screen.findByText(/^2 of 3 rows have problems \(rows 3, 4\)\. Nothing was created/),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Preview of candidates.csv' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('None');
    expect(rows[2]).toHaveTextContent('name is missing');
    expect(rows[3]).toHaveTextContent("'not-an-email' is not a valid email address");
    expect(rows[3]).toHaveTextContent('unknown atom: cobol');
    expect(screen.queryByRole('button', { name: /^Create \d/ })).not.toBeInTheDocument();
  });
});

/** The id of one of the recruiter's sample candidates, from the real list. */
async function idOf(name: string): Promise<string> {
  const list = await httpHiringApi.list({ q: name, page: 1 });
  const row = list.items.find((r) => r.candidate_name === name);
  if (!row) throw new Error(`no candidate ${name}`);
  return row.id;
}

describe('report', () => {
  it('revoke asks first; Escape cancels back to the button; confirmed, the status changes and focus goes to what happened', async () => {
    renderAt(`/hiring/invitations/${await idOf('Alan Turing')}`);
    const revoke = await screen.findByRole('button', { name: 'Revoke invitation' });
    expect(screen.queryByText(/The candidate did not answer|The candidate answered/)).not.toBeInTheDocument();
    await userEvent.click(revoke);
    const panel = screen.getByRole('group', { name: 'Revoke this invitation?' });
    expect(within(panel).getByRole('button', { name: 'Yes, revoke' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Revoke this invitation?' })).not.toBeInTheDocument();
    await waitFor(() => expect(revoke).toHaveFocus());

    await userEvent.click(revoke);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, revoke' }));
    const said = await screen.findByText(
      /^Invitation revoked\. The candidate’s link now says you withdrew it\.$/,
    );
    await waitFor(() => expect(said).toHaveFocus());
    expect(screen.getByText('Invitation revoked')).toBeInTheDocument(); // the toast
    expect(screen.getAllByText('Revoked').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Revoke invitation' })).not.toBeInTheDocument();
    // The server has it: the report it serves now says revoked.
    expect((await httpHiringApi.report(await idOf('Alan Turing'))).invitation.status).toBe('revoked');
  });

  it('extend expiry: a later date, said in words', async () => {
    renderAt(`/hiring/invitations/${await idOf('Katherine Johnson')}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Extend expiry' }));
    const day = screen.getByLabelText('New expiry date');
    expect(day).toHaveFocus();
    const later = new Date(Date.now() + 30 * 86_400_000);
    fireEvent.change(day, { target: { value: later.toLocaleDateString('sv-SE') } });
    await userEvent.click(screen.getByRole('button', { name: 'Extend' }));
    const until = new Date(`${later.toLocaleDateString('sv-SE')}T23:59:59.999Z`).toLocaleDateString('en-GB', {
      dateStyle: 'medium',
    });
    expect(await screen.findByText(`Expiry extended: the link works until ${until}.`)).toBeInTheDocument();
  });

  it("another company's invitation is not found, like an id that does not exist (no toast)", async () => {
    services.as('second-recruiter');
    const theirs = await httpHiringApi.list({ page: 1 });
    const peter = theirs.items.find((r) => r.candidate_name === 'Peter Gibbons')!;
    services.as('recruiter');
    renderAt(`/hiring/invitations/${peter.id}`);
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeInTheDocument();
    expect(screen.queryByText('Peter Gibbons')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('settings', () => {
  it('a stale version (someone else saved) is said, the settings reload, and nothing is sent again', async () => {
    renderAt('/hiring/settings');
    const field = await screen.findByLabelText('Webhook URL');
    await waitFor(() => expect(field).toBeEnabled());
    // Someone else saves first, through the real API, on the version the form loaded.
    const loaded = await httpHiringApi.settings(undefined);
    await httpHiringApi.saveWebhook(
      { url: 'https://theirs.example/hook', version: loaded.webhook.version },
      undefined,
    );
    services.requests.length = 0;
    await userEvent.clear(field);
    await userEvent.type(field, 'https://mine.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /changed by someone else .*The settings have been reloaded/,
    );
    await waitFor(() => expect(field).toHaveValue('https://theirs.example/hook'));
    expect(services.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect((await httpHiringApi.settings(undefined)).webhook.url).toBe('https://theirs.example/hook');
  });
});

describe('the API module (httpHiringApi) on the wire', () => {
  it('builds the URLs the server routes: filters as query, company on writes', async () => {
    await httpHiringApi.list({ q: 'ada', status: 'invited', sort: 'level_desc', page: 2 });
    await httpHiringApi.report('000000000000000000000000').catch(() => undefined);
    services.as('admin');
    await httpHiringApi.settings('initech');
    const urls = services.requests.map(
      (r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`,
    );
    expect(urls).toEqual([
      'GET /api/hiring/invitations?q=ada&status=invited&sort=level_desc&page=2',
      'GET /api/hiring/invitations/000000000000000000000000',
      'GET /api/hiring/settings?company=initech',
    ]);
  });

  it("maps errors as SPEC §8 says: the server's message, else the status's default", async () => {
    await expect(httpHiringApi.report('000000000000000000000000')).rejects.toMatchObject({
      status: 404,
    });
    services.msw.use(
      http.put(services.url('/api/hiring/settings/webhook'), () =>
        errorReply(409, 'The settings were changed by someone else'),
      ),
      http.get(services.url('/api/hiring/me'), () => new HttpResponse(null, { status: 502 })),
    );
    const conflict = await httpHiringApi
      .saveWebhook({ url: 'https://example.com/h', version: 0 }, undefined)
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({ status: 409, message: 'The settings were changed by someone else' });
    await expect(httpHiringApi.me()).rejects.toMatchObject({ status: 502, message: 'Internal server error' });
  });
});
