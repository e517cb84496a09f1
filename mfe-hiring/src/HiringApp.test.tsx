// The hiring remote through its exposed app and real routes, on the in-memory HiringApi of its dev
// page (dev/fakeHiringApi.ts) handed to the `api` prop: no module is replaced. Toasts show in a real
// container, as the shell's.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import HiringApp from './HiringApp';
import { ACME, createFakeHiringApi, type FakeHiringOptions } from '../dev/fakeHiringApi';

function renderAt(path: string, options: FakeHiringOptions = {}) {
  const api = createFakeHiringApi({ latencyMs: 5, ...options });
  const router = createMemoryRouter([{ path: '/hiring/*', element: <HiringApp api={api} /> }], {
    initialEntries: [path],
  });
  render(
    <>
      <RouterProvider router={router} />
      <ToastContainer />
    </>,
  );
  return { api, router };
}

// Each test goes through several pages of a real router on a shared, loaded machine.
jest.setTimeout(30_000);

/** What a Blob holds (jsdom's Blob has no text()). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const idOf = (api: ReturnType<typeof createFakeHiringApi>, name: string) =>
  api.invitations().find((r) => r.candidate_name === name)!.id;

describe('candidates list', () => {
  it("lists the recruiter's own company's candidates only, newest first, with levels and statuses", async () => {
    renderAt('/hiring');
    expect(await screen.findByText('22 candidates, page 1 of 2')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Candidates' });
    expect(within(table).queryByText('Peter Gibbons')).not.toBeInTheDocument(); // Initech's
    const ada = within(table).getByRole('link', { name: 'Ada Lovelace' }).closest('tr')!;
    expect(ada).toHaveTextContent('JavaScript: L4');
    expect(ada).toHaveTextContent('Finished');
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument(); // no switcher for a recruiter
    expect(document.title).toBe('Candidates - SkillQuiz');
  });

  it('search, status, atom and sort go into the URL and the list follows; paging keeps them', async () => {
    const { router } = renderAt('/hiring');
    await screen.findByText('22 candidates, page 1 of 2');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'finished');
    expect(await screen.findByText('8 candidates, page 1 of 1')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'level_desc');
    await waitFor(() => expect(router.state.location.search).toBe('?status=finished&sort=level_desc'));
    await waitFor(() => {
      const levels = within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((tr) => Math.max(...[...(tr.textContent ?? '').matchAll(/: L(\d)/g)].map((m) => Number(m[1]))));
      expect(levels[0]).toBe(5);
      expect(levels.at(-1)).toBe(1);
    });
    await userEvent.type(screen.getByLabelText('Search'), 'grace');
    expect(await screen.findByText('1 candidate, page 1 of 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=grace&status=finished&sort=level_desc');
    await userEvent.clear(screen.getByLabelText('Search'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), '');
    await userEvent.selectOptions(screen.getByLabelText('Atom'), 'python');
    await waitFor(() => expect(router.state.location.search).toBe('?atom=python&sort=level_desc'));
    expect(await screen.findByText('10 candidates, page 1 of 1')).toBeInTheDocument();
  });

  it('pages through the list with links (history entries), the URL holding the page', async () => {
    const { router } = renderAt('/hiring?sort=date_asc');
    await screen.findByText('22 candidates, page 1 of 2');
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('22 candidates, page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=date_asc&page=2');
    expect(screen.getByText('Next page')).toHaveAttribute('aria-disabled', 'true');
  });

  it('exports the filtered list as CSV and says so', async () => {
    renderAt('/hiring?status=finished');
    await screen.findByText('8 candidates, page 1 of 1');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const said = await screen.findByText(/^Exported candidates-acme-robotics-\d{4}-\d\d-\d\d\.csv\.$/);
    expect(said).toHaveAttribute('role', 'status');
    const blobs = (globalThis as unknown as { downloadedBlobs: Map<string, Blob> }).downloadedBlobs;
    const csv = await blobText([...blobs.values()].at(-1)!);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^invitation_id,candidate_name,candidate_email,company,status/);
    // Grace has two atoms: two rows. Every row is a finished one of Acme.
    expect(lines).toHaveLength(1 + 9);
    expect(lines.slice(1).every((l) => l.includes(',Acme Robotics,finished,'))).toBe(true);
  });

  it('a failed load raises the SPEC §8 toast and the status says so', async () => {
    renderAt('/hiring', { failing: { list: [500, 'Internal server error'] } });
    expect(await screen.findByText('Error loading candidates')).toBeInTheDocument();
    expect(screen.getByText('The candidates could not be loaded.')).toBeInTheDocument();
  });

  it('an admin has a company switcher: every company with a Company column, or one', async () => {
    const { router } = renderAt('/hiring', { role: 'admin' });
    expect(await screen.findByText('24 candidates, page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Company'), 'initech');
    expect(await screen.findByText('2 candidates, page 1 of 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?company=initech');
    expect(screen.queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Peter Gibbons' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/hiring\/invitations\/\w+\?company=initech$/),
    );
  });
});

describe('invite', () => {
  it('shows each problem by its field and focuses the first; nothing is sent', async () => {
    const { api } = renderAt('/hiring/invite');
    const before = api.invitations().length;
    await userEvent.click(await screen.findByRole('button', { name: 'Create invitation' }));
    expect(screen.getByLabelText('Candidate name')).toHaveFocus();
    expect(screen.getByLabelText('Candidate name')).toHaveAccessibleDescription(
      'Enter the candidate’s name.',
    );
    expect(screen.getByText('Add at least one required atom.')).toBeInTheDocument();
    expect(api.invitations()).toHaveLength(before);
  });

  it('invites one candidate with ordered atoms, an optional one and +50% time, then shows the link to copy', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { api } = renderAt('/hiring/invite');
    await userEvent.type(await screen.findByLabelText('Candidate name'), 'Joan Clarke');
    await userEvent.type(screen.getByLabelText('Candidate email'), 'joan@example.com');
    const add = screen.getByLabelText('Add a required atom');
    await waitFor(() => expect(within(add).getAllByRole('option')).toHaveLength(4));
    await userEvent.selectOptions(add, 'sql');
    await userEvent.click(screen.getByRole('button', { name: 'Add required atom' }));
    await userEvent.selectOptions(screen.getByLabelText('Add a required atom'), 'javascript');
    await userEvent.click(screen.getByRole('button', { name: 'Add required atom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move JavaScript up' }));
    // Focus stays with the moved atom (now first, so on its other button).
    expect(screen.getByRole('button', { name: 'Move JavaScript down' })).toHaveFocus();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Python' }));
    await userEvent.click(screen.getByRole('radio', { name: '+50%' }));
    expect(screen.getByLabelText('Link expires on')).toHaveValue(
      new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('sv-SE'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation' }));

    const heading = await screen.findByRole('heading', { name: 'Invitation created for Joan Clarke' });
    expect(heading).toHaveFocus();
    // What happens to the email, from the reply's `email`.
    expect(screen.getByText('The invitation email to joan@example.com is on its way.')).toHaveTextContent(
      'Email on its way: The invitation email to joan@example.com is on its way.',
    );
    expect(await screen.findByText('Invitation created')).toBeInTheDocument(); // the toast
    const joan = api.invitations().find((r) => r.candidate_name === 'Joan Clarke')!;
    expect(joan.atoms.map((a) => [a.id, a.required])).toEqual([
      ['javascript', true],
      ['sql', true],
      ['python', false],
    ]);
    expect(joan.extra_time_percent).toBe(50);
    const link = screen.getByLabelText<HTMLInputElement>('Candidate link');
    expect(link.value).toMatch(/^http:\/\/localhost:8080\/quiz\/\w+$/);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link (Candidate link)' }));
    expect(writeText).toHaveBeenCalledWith(link.value);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Invite another candidate' }));
    await waitFor(() => expect(screen.getByLabelText('Candidate name')).toHaveFocus());
    expect(screen.getByLabelText('Candidate name')).toHaveValue('');
    expect(screen.getByText('1. JavaScript')).toBeInTheDocument(); // the atoms stay for the next one
  });

  it('a server that sends no email says so with the link: the recruiter sends it', async () => {
    renderAt('/hiring/invite', { email: 'off' });
    await userEvent.type(await screen.findByLabelText('Candidate name'), 'Joan');
    await userEvent.type(screen.getByLabelText('Candidate email'), 'joan@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Add required atom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    await screen.findByRole('heading', { name: 'Invitation created for Joan' });
    const note = screen.getByText(/Email is not set up on this server/);
    expect(note).toHaveTextContent('No email sent: Email is not set up on this server (SMTP_URL)');
    expect(note).toHaveClass('hr-note');
  });

  it("the server's refusal is a toast with its message; the form keeps what was typed", async () => {
    renderAt('/hiring/invite', {
      failing: { create: [400, 'candidate_email: email is not a valid email address'] },
    });
    await userEvent.type(await screen.findByLabelText('Candidate name'), 'Joan');
    await userEvent.type(screen.getByLabelText('Candidate email'), 'joan@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Add required atom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByText('Error creating invitation')).toBeInTheDocument();
    expect(screen.getByText('candidate_email: email is not a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Candidate name')).toHaveValue('Joan');
  });

  it('an admin must choose the company first', async () => {
    const { router } = renderAt('/hiring/invite', { role: 'admin' });
    expect(await screen.findByText('Choose a company above first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create invitation' })).toBeDisabled();
    await userEvent.selectOptions(await screen.findByLabelText('Company'), 'initech');
    expect(router.state.location.search).toBe('?company=initech');
    expect(await screen.findByRole('heading', { name: 'Invite candidates to Initech' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create invitation' })).toBeEnabled();
  });
});

describe('bulk invite', () => {
  const file = (text: string) => new File([text], 'candidates.csv', { type: 'text/csv' });
  /** The file input, once it can be used (who is signed in has loaded). */
  async function csvInput() {
    const input = await screen.findByLabelText('CSV file');
    await waitFor(() => expect(input).toBeEnabled());
    return input;
  }

  it('a file with bad rows is refused row by row and nothing is created', async () => {
    const { api } = renderAt('/hiring/invite');
    const before = api.invitations().length;
    await userEvent.upload(
      await csvInput(),
      file('name,email,atoms\nAda,ada@example.com,javascript\n,bob@example.com,sql\nCy,not-an-email,cobol\n'),
    );
    expect(
      await screen.findByText(/^2 of 3 rows have problems \(rows 3, 4\)\. Nothing was created/),
    ).toBeInTheDocument();
    const preview = screen.getByRole('table', { name: 'Preview of candidates.csv' });
    const rows = within(preview).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('None');
    expect(rows[2]).toHaveTextContent('name is missing');
    expect(rows[3]).toHaveTextContent("'not-an-email' is not a valid email address");
    expect(rows[3]).toHaveTextContent('unknown atom: cobol');
    expect(screen.queryByRole('button', { name: /^Create \d/ })).not.toBeInTheDocument();
    expect(api.invitations()).toHaveLength(before);
  });

  it('a good file: the preview, then Create creates every row and lists their links', async () => {
    const { api } = renderAt('/hiring/invite');
    await userEvent.upload(
      await csvInput(),
      file(
        'Ann One,ann@example.com,javascript\nBen Two,ben@example.com,python;sql\nCat Three,cat@example.com,sql\n',
      ),
    );
    expect(await screen.findByText(/^All 3 rows are fine/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create 3 invitations' }));
    expect(await screen.findByRole('heading', { name: '3 invitations created' })).toHaveFocus();
    expect(screen.getAllByRole('button', { name: /^Copy link/ })).toHaveLength(3);
    expect(api.invitations().filter((r) => /^(Ann|Ben|Cat) /.test(r.candidate_name!))).toHaveLength(3);
  });
});

describe('report', () => {
  it('shows levels with their probabilities, the band, the percentile, questions, signals and extra time; never the survey answer', async () => {
    const api = createFakeHiringApi({ latencyMs: 5 });
    const { router } = renderAt(`/hiring/invitations/${idOf(api, 'Ada Lovelace')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/hiring\/invitations\//);
    expect(document.title).toBe('Ada Lovelace: report - SkillQuiz');
    const js = screen.getByRole('region', { name: /JavaScript/ });
    expect(within(js).getByText('Most likely level').parentElement).toHaveTextContent('L4');
    expect(within(js).getByText(/Handles the tricky parts/)).toBeInTheDocument();
    const probs = within(js).getByRole('table', { name: 'Probability of each level in JavaScript' });
    expect(within(probs).getByRole('rowheader', { name: 'L4 (most likely)' }).nextSibling).toHaveTextContent(
      '58%',
    );
    expect(within(js).getByText(/^Estimate 0\.86 ± 0\.31 on the ability scale/)).toHaveTextContent(
      'lies in L4',
    );
    expect(within(js).getByText(/Scored higher than 78\.5% of the 142 candidates/)).toBeInTheDocument();
    const questions = within(js).getByRole('table', { name: 'JavaScript: questions as served' });
    expect(within(questions).getAllByRole('row')).toHaveLength(12);
    expect(within(questions).getByText('Timed out')).toBeInTheDocument();
    expect(within(questions).getByText('(trial, not scored)')).toBeInTheDocument();
    // The candidate was told the survey is not shared individually: no answer, no "did not answer".
    expect(within(js).queryByText(/The candidate answered|relevant to the role/)).not.toBeInTheDocument();
    expect(screen.getByText('+50% per question')).toBeInTheDocument();
    expect(screen.queryByText(/%\s*correct/i)).not.toBeInTheDocument(); // no raw percentage score

    const integrity = screen.getByRole('region', { name: 'Integrity signals' });
    expect(within(integrity).getByText(/not a verdict/)).toBeInTheDocument();
    expect(
      within(integrity).getByText('Left the quiz tab or window', { selector: 'dt' }).nextSibling,
    ).toHaveTextContent('2 times, 50 s in total');
    expect(within(integrity).getAllByRole('row')).toHaveLength(1 + 4);
    // A finished invitation's result stands: it cannot be revoked or extended.
    expect(screen.queryByRole('button', { name: 'Revoke invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extend expiry' })).not.toBeInTheDocument();
  });

  it('revoke asks first; Escape cancels back to the button; confirmed, the status changes and focus goes to what happened', async () => {
    const api = createFakeHiringApi({ latencyMs: 5 });
    renderAt(`/hiring/invitations/${idOf(api, 'Alan Turing')}`);
    const revoke = await screen.findByRole('button', { name: 'Revoke invitation' });
    // No survey line at all, answered or not.
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
  });

  it('extend expiry: a later date, said in words', async () => {
    const api = createFakeHiringApi({ latencyMs: 5 });
    renderAt(`/hiring/invitations/${idOf(api, 'Katherine Johnson')}`);
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
    const api = createFakeHiringApi({ latencyMs: 5 });
    renderAt(`/hiring/invitations/${idOf(api, 'Peter Gibbons')}`);
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeInTheDocument();
    expect(screen.queryByText('Peter Gibbons')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('settings', () => {
  it("a recruiter sees their company's email note, webhook URL, secret to copy, the signature scheme and every attempt", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderAt('/hiring/settings', { email: 'off' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings for Acme Robotics' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Settings - SkillQuiz');
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument();
    // No email on this server: a visible note, in the server's words.
    expect(screen.getByText(/invitations are created without email/)).toHaveClass('hr-note');
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('https://ats.acme.example/hooks/skillquiz');
    const secret = screen.getByLabelText<HTMLInputElement>('Signing secret');
    expect(secret.value).toMatch(/^whsec_/);
    await userEvent.click(screen.getByRole('button', { name: 'Copy secret (Signing secret)' }));
    expect(writeText).toHaveBeenCalledWith(secret.value);
    expect(await screen.findByText('Secret copied.')).toBeInTheDocument();
    expect(screen.getByText('X-SkillQuiz-Signature')).toBeInTheDocument();
    expect(screen.getByText(/v1=<hex HMAC-SHA256/)).toBeInTheDocument();

    expect(await screen.findByText('3 attempts, newest first.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Webhook delivery attempts' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent('Failed');
    expect(rows[3]).toHaveTextContent('500');
    expect(rows[3]).toHaveTextContent('The receiver answered HTTP 500');
    expect(rows[2]).toHaveTextContent('Delivered');
  });

  it('a URL the server refuses is said at the field, focused, and nothing is saved; a good one is saved', async () => {
    const { api } = renderAt('/hiring/settings');
    const field = await screen.findByLabelText('Webhook URL');
    await userEvent.clear(field);
    await userEvent.type(field, 'ftp://files.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    const said = await screen.findByText('The webhook URL must start with https:// (not ftp:)');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The webhook URL must start with https:// (not ftp:)');
    await waitFor(() => expect(field).toHaveFocus());
    expect(said).toHaveClass('hr-error');
    expect(screen.queryByText('Error saving webhook')).not.toBeInTheDocument(); // no toast for it
    expect((await api.settings(undefined)).webhook).toMatchObject({
      url: 'https://ats.acme.example/hooks/skillquiz',
      version: 3,
    });

    await userEvent.clear(field);
    await userEvent.type(field, 'https://hooks.acme.example/new');
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText('Webhook saved')).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect((await api.settings(undefined)).webhook).toMatchObject({
      url: 'https://hooks.acme.example/new',
      version: 4,
    });
  });

  it('a stale version (someone else saved) is said, the settings reload, and nothing is sent again', async () => {
    const { api } = renderAt('/hiring/settings');
    const field = await screen.findByLabelText('Webhook URL');
    api.saveElsewhere(ACME.id, 'https://theirs.example/hook');
    const save = jest.spyOn(api, 'saveWebhook');
    await userEvent.clear(field);
    await userEvent.type(field, 'https://mine.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /changed by someone else .*version 3, it is now version 4.*The settings have been reloaded/,
    );
    await waitFor(() => expect(field).toHaveValue('https://theirs.example/hook'));
    expect(save).toHaveBeenCalledTimes(1);
    expect((await api.settings(undefined)).webhook.url).toBe('https://theirs.example/hook');
  });

  it('a test event is sent, its outcome said in a live region, and the attempts list shows it', async () => {
    renderAt('/hiring/settings');
    expect(await screen.findByText('3 attempts, newest first.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    const said = await screen.findByText('Test event delivered: the receiver answered HTTP 200 in 42 ms.');
    expect(said).toHaveAttribute('role', 'status');
    expect(await screen.findByText('4 attempts, newest first.')).toBeInTheDocument();
    const first = within(screen.getByRole('table', { name: 'Webhook delivery attempts' })).getAllByRole(
      'row',
    )[1];
    expect(first).toHaveTextContent('webhook.test (test)');
    expect(first).toHaveTextContent('Delivered');

    // A receiver that is not there: the attempt failed, with its error.
    const field = screen.getByLabelText('Webhook URL');
    await userEvent.clear(field);
    await userEvent.type(field, 'https://down.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    await screen.findByText('Webhook saved');
    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(
      await screen.findByText('Test event not delivered: connect ECONNREFUSED (down.example).'),
    ).toBeInTheDocument();
    expect(await screen.findByText('5 attempts, newest first.')).toBeInTheDocument();
  });

  it('rotate asks first (Escape returns to the button), then replaces the secret', async () => {
    renderAt('/hiring/settings');
    const secret = await screen.findByLabelText<HTMLInputElement>('Signing secret');
    const before = secret.value;
    const rotate = screen.getByRole('button', { name: 'Rotate secret' });
    await userEvent.click(rotate);
    expect(screen.getByRole('button', { name: 'Rotate now' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(rotate).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Rotate now' })).not.toBeInTheDocument();
    await userEvent.click(rotate);
    await userEvent.click(screen.getByRole('button', { name: 'Rotate now' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Signing secret').value).not.toBe(before),
    );
  });

  it('an admin chooses the company first; one without a webhook has no secret and nothing to test', async () => {
    const { router } = renderAt('/hiring/settings', { role: 'admin' });
    expect(await screen.findByText('Choose a company to see its settings.')).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByLabelText('Company'), 'initech');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings for Initech' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?company=initech');
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('');
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    expect(await screen.findByText('No delivery attempts yet.')).toBeInTheDocument();
  });
});
