// The hiring remote through its exposed app on the real services (libs/remote-kit test-services:
// seeded, the sample candidates invited through the real API): its own API module (httpHiringApi),
// apiFetch, and the server's validation, tenancy, paging and CSV. What the real API cannot bring about
// (a finished quiz with particular numbers, a server without email) and failures production can have
// (a 500, a 409) come from msw at the HTTP layer: the real reply with one thing changed, or an error
// body, each parsed with the contracts' schema so it cannot drift from what the server sends.
//
// The services are shared by every test file of a run (mfe-quiz invites Acme candidates too), so a
// count is either of rows this file made (a word of this run in their names) or read from the server
// at the time. The webhook tests work in Initech, a company no other file writes to, so its delivery
// attempts are only theirs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bypass, http as mswHttp, HttpResponse, type JsonBodyType } from 'msw';
import {
  InvitationListResponseSchema,
  InvitationReportSchema,
  InvitationResponseSchema,
  type HiringSettingsResponse,
  type InvitationReport,
  type InvitationRow,
} from '@skillquiz/contracts';
import { ApiError } from '@skillquiz/http-client';
import { errorReply, setupTestServices } from '@skillquiz/remote-kit/test-services';
import { httpHiringApi, type InvitationFilters } from './api/hiringApi';
import { renderHiringAt } from './hiringTestKit';

const services = setupTestServices();

/**
 * An msw resolver answering with the real server's reply to `realUrl` (default: the request's own)
 * as `change` makes it, parsed with the contracts' schema before and after, so a stub is a state the
 * server could be in, in the shape it sends.
 */
function realReplyChanged<T>(
  schema: { parse(data: unknown): T },
  change: (real: T, url: URL) => T,
  realUrl?: (url: URL) => URL,
) {
  return async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    // The request's parts as plain values: its Headers object is of another realm than jsdom's Request.
    const real = await fetch(
      bypass((realUrl ? realUrl(url) : url).href, {
        method: request.method,
        headers: Object.fromEntries(request.headers.entries()),
        body: request.method === 'GET' ? undefined : await request.clone().text(),
      }),
    );
    const reply = schema.parse(await real.json());
    return HttpResponse.json(schema.parse(change(reply, url)) as JsonBodyType, { status: real.status });
  };
}

/** What jsdom's Blob holds. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** A word of this file's run: the names of the candidates it invites for a count of its own. */
const RUN = `run${Date.now().toString(36)}`;

/** The id of one of the recruiter's sample candidates, from the real list. */
async function idOf(name: string): Promise<string> {
  const list = await httpHiringApi.list({ q: name, page: 1 });
  const row = list.items.find((r) => r.candidate_name === name);
  if (!row) throw new Error(`no candidate ${name}`);
  return row.id;
}

/** Every row of the list with these filters, all pages, as the server has them now. */
async function allRows(filters: InvitationFilters): Promise<InvitationRow[]> {
  const rows: InvitationRow[] = [];
  for (let page = 1; ; page++) {
    const reply = await httpHiringApi.list({ ...filters, page });
    rows.push(...reply.items);
    if (page * reply.page_size >= reply.total) return rows;
  }
}

/** 'N candidates, page P of M' as the list's status says it, of a total the server has now. */
async function pageStatus(filters: InvitationFilters, page = 1): Promise<string> {
  const { total, page_size } = await httpHiringApi.list({ ...filters, page: 1 });
  return `${total} candidate${total === 1 ? '' : 's'}, page ${page} of ${Math.max(1, Math.ceil(total / page_size))}`;
}

// Each test goes through several pages of a real router on a shared, loaded machine.
jest.setTimeout(30_000);

describe('candidates list', () => {
  it("lists the recruiter's own company's candidates only, newest first, with the server's total", async () => {
    const expected = await pageStatus({});
    renderHiringAt('/hiring');
    expect(await screen.findByText(expected)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Candidates' });
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(table).queryByText('Peter Gibbons')).not.toBeInTheDocument(); // Initech's
    // Newest first: down the table, each row was invited no later than the one above it.
    const invitedAt = new Map((await allRows({})).map((r) => [r.id, r.invited_at]));
    const times = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => {
        const href = within(tr).getAllByRole('link')[0].getAttribute('href') ?? '';
        return invitedAt.get(/\/invitations\/(\w+)/.exec(href)?.[1] ?? '');
      });
    expect(times.every(Boolean)).toBe(true);
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort().reverse());
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument(); // no switcher for a recruiter
    expect(document.title).toBe('Candidates - SkillQuiz');
  });

  it('shows each atom’s level and the status of a finished candidate', async () => {
    // A finished quiz with a level cannot be brought about through the hiring API: Ada's real row,
    // finished at L4.
    services.msw.use(
      mswHttp.get(
        services.url('/api/hiring/invitations'),
        realReplyChanged(InvitationListResponseSchema, (real) => ({
          ...real,
          items: real.items.map((r) =>
            r.candidate_name === 'Ada Lovelace'
              ? {
                  ...r,
                  status: 'finished' as const,
                  finished_at: new Date().toISOString(),
                  atoms: r.atoms.map((a) => ({ ...a, level: 4, finished_at: new Date().toISOString() })),
                }
              : r,
          ),
        })),
      ),
    );
    renderHiringAt('/hiring');
    const ada = (await screen.findByRole('link', { name: 'Ada Lovelace' })).closest('tr')!;
    expect(ada).toHaveTextContent('JavaScript: L4');
    expect(ada).toHaveTextContent('Finished');
  });

  it('search, status, atom and sort go into the URL and the list follows', async () => {
    // The finished candidates, best first, as the server would sort them (no finished quiz can be
    // made through the hiring API): five of the real rows, finished at L5 down to L1.
    services.msw.use(
      mswHttp.get(services.url('/api/hiring/invitations'), ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('status') !== 'finished' || url.searchParams.has('q')) return undefined;
        return realReplyChanged(
          InvitationListResponseSchema,
          (real) => {
            const items = real.items.slice(0, 5).map((r, i) => ({
              ...r,
              status: 'finished' as const,
              finished_at: r.invited_at,
              atoms: r.atoms.map((a) => ({ ...a, level: 5 - i, finished_at: r.invited_at })),
            }));
            return { ...real, items, total: items.length, page: 1 };
          },
          (u) => {
            const all = new URL(u);
            all.searchParams.delete('status');
            all.searchParams.delete('sort');
            return all;
          },
        )({ request });
      }),
    );
    const { router } = renderHiringAt('/hiring');
    await screen.findByText(await pageStatus({}));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'finished');
    expect(await screen.findByText('5 candidates, page 1 of 1')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'level_desc');
    await waitFor(() => expect(router.state.location.search).toBe('?status=finished&sort=level_desc'));
    // The page asked the server for exactly that, and shows its rows in its order.
    await waitFor(() =>
      expect(
        services.requests.some((r) => {
          const asked = new URL(r.url);
          return (
            asked.pathname === '/api/hiring/invitations' &&
            asked.searchParams.get('status') === 'finished' &&
            asked.searchParams.get('sort') === 'level_desc'
          );
        }),
      ).toBe(true),
    );
    await waitFor(() => {
      const levels = within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((tr) => Math.max(...[...(tr.textContent ?? '').matchAll(/: L(\d)/g)].map((m) => Number(m[1]))));
      expect(levels[0]).toBe(5);
      expect(levels.at(-1)).toBe(1);
    });
    // From here on the real server filters.
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'invited');
    await userEvent.type(screen.getByLabelText('Search'), 'grace');
    expect(await screen.findByText('1 candidate, page 1 of 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=grace&status=invited&sort=level_desc');
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Search'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), '');
    await userEvent.selectOptions(screen.getByLabelText('Atom'), 'python');
    await waitFor(() => expect(router.state.location.search).toBe('?atom=python&sort=level_desc'));
    expect(
      await screen.findByText(await pageStatus({ atom: 'python', sort: 'level_desc' })),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Candidates' });
    for (const name of ['Grace Hopper', 'Alan Turing', 'Barbara Liskov'])
      expect(within(table).getByRole('link', { name })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Ada Lovelace' })).not.toBeInTheDocument(); // JavaScript only
  });

  it('exports the filtered list as CSV from the server, only the own company', async () => {
    const invited = await allRows({ status: 'invited' });
    renderHiringAt('/hiring?status=invited');
    await screen.findByText(await pageStatus({ status: 'invited' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const said = await screen.findByText(/^Exported candidates-acme-robotics-\d{4}-\d\d-\d\d\.csv\.$/);
    expect(said).toHaveAttribute('role', 'status');
    const blobs = (globalThis as unknown as { downloadedBlobs: Map<string, Blob> }).downloadedBlobs;
    const lines = (await blobText([...blobs.values()].at(-1)!))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^invitation_id,candidate_name,candidate_email,company,status/);
    // A row per invitation and atom, of every page: Grace has two atoms, two rows.
    expect(lines).toHaveLength(1 + invited.reduce((n, r) => n + r.atoms.length, 0));
    expect(lines.some((l) => l.includes('Ada Lovelace'))).toBe(true);
    expect(lines.filter((l) => l.includes('Grace Hopper'))).toHaveLength(2);
    // Every row is an invited one of Acme.
    expect(lines.slice(1).every((l) => l.includes(',Acme Robotics,invited,'))).toBe(true);
    expect(lines.some((l) => l.includes('Peter Gibbons'))).toBe(false);
  });

  it('a failed load raises the SPEC §8 toast and the status says so', async () => {
    services.msw.use(
      mswHttp.get(services.url('/api/hiring/invitations'), () => errorReply(500, 'Internal server error')),
    );
    renderHiringAt('/hiring');
    expect(await screen.findByText('Error loading candidates')).toBeInTheDocument();
    expect(screen.getByText('The candidates could not be loaded.')).toBeInTheDocument();
  });

  it('an admin has a company switcher: every company with a Company column, or one', async () => {
    services.as('admin');
    // Oldest first: the seeded candidates lead whatever the files sharing the services add meanwhile.
    const everyCompany = await pageStatus({ sort: 'date_asc' });
    const { router } = renderHiringAt('/hiring?sort=date_asc');
    expect(await screen.findByText(everyCompany)).toBeInTheDocument();
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
    renderHiringAt('/hiring/invite');
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
    renderHiringAt('/hiring/invite');
    await userEvent.type(await screen.findByLabelText('Candidate name'), 'Joan Clarke');
    await userEvent.type(screen.getByLabelText('Candidate email'), 'joan@example.com');
    const add = screen.getByLabelText('Add a required atom');
    await waitFor(() => expect(within(add).getAllByRole('option').length).toBeGreaterThan(2));
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

  it('a server that sends no email says so with the link: the recruiter sends it', async () => {
    // Production without SMTP_URL (the test services have the dev outbox): the real reply with the
    // email that such a server promises (services/src/hiring/invitations/lifecycle.ts).
    services.msw.use(
      mswHttp.post(
        services.url('/api/hiring/invitations'),
        realReplyChanged(InvitationResponseSchema, (real) => ({
          ...real,
          email: {
            status: 'not_configured' as const,
            message: 'Email is not set up on this server (SMTP_URL): send the candidate the link yourself.',
          },
        })),
      ),
    );
    renderHiringAt('/hiring/invite');
    await userEvent.type(await screen.findByLabelText('Candidate name'), 'Joan');
    await userEvent.type(screen.getByLabelText('Candidate email'), 'joan.no.email@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Add required atom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    await screen.findByRole('heading', { name: 'Invitation created for Joan' });
    const note = screen.getByText(/Email is not set up on this server/);
    expect(note).toHaveTextContent('No email sent: Email is not set up on this server (SMTP_URL)');
    expect(note).toHaveClass('hr-note');
  });

  it("the server's refusal is a toast with its message; the form keeps what was typed", async () => {
    services.msw.use(
      mswHttp.post(services.url('/api/hiring/invitations'), () =>
        errorReply(400, 'candidate_email: email is not a valid email address'),
      ),
    );
    renderHiringAt('/hiring/invite');
    await userEvent.type(await screen.findByLabelText('Candidate name'), 'Joan');
    await userEvent.type(screen.getByLabelText('Candidate email'), 'joan@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Add required atom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByText('Error creating invitation')).toBeInTheDocument();
    expect(screen.getByText('candidate_email: email is not a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Candidate name')).toHaveValue('Joan');
  });

  it('an admin must choose the company first', async () => {
    services.as('admin');
    const { router } = renderHiringAt('/hiring/invite');
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

  it('a good file: the preview, then Create creates every row and lists their links', async () => {
    renderHiringAt('/hiring/invite');
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
    // The server has them.
    const rows = await allRows({});
    expect(rows.filter((r) => /^(Ann One|Ben Two|Cat Three)$/.test(r.candidate_name ?? ''))).toHaveLength(3);
  });

  it('a file with bad rows is refused row by row by the server and nothing is created', async () => {
    const before = (await allRows({})).length;
    renderHiringAt('/hiring/invite');
    await userEvent.upload(
      await csvInput(),
      file('name,email,atoms\nAda,ada@example.com,javascript\n,bob@example.com,sql\nCy,not-an-email,cobol\n'),
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
    expect(await allRows({})).toHaveLength(before);
  });
});

describe('report', () => {
  it('shows levels with their probabilities, the band, the percentile, questions, signals and extra time; never the survey answer', async () => {
    // A finished quiz with these numbers cannot be made through the hiring API: Ada's real report,
    // finished, with +50% time, a JavaScript result and four integrity signals.
    const ada = await idOf('Ada Lovelace');
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    services.msw.use(
      mswHttp.get(
        services.url(`/api/hiring/invitations/${ada}`),
        realReplyChanged(InvitationReportSchema, (real): InvitationReport => ({
          ...real,
          invitation: { ...real.invitation, status: 'finished', finished_at: at(30), extra_time_percent: 50 },
          extra_time_percent: 50,
          atoms: real.atoms.map((a) => ({
            ...a,
            status: 'finished' as const,
            started_at: at(60),
            finished_at: at(30),
            levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25],
            level: 4,
            level_description:
              'Handles the tricky parts (concurrency, performance) and reviews others’ code.',
            level_probabilities: [0.01, 0.04, 0.22, 0.58, 0.15],
            estimate: 0.86,
            error: 0.31,
            band: { low: 0.55, high: 1.17, low_level: 4, high_level: 4 },
            percentile: { value: 78.5, among: 142 },
            questions: Array.from({ length: 11 }, (_, i) => ({
              number: i + 1,
              claim: i % 3 ? 'closures' : null,
              scored: i !== 2, // the third question is the unscored trial question
              outcome:
                i === 6 ? ('timed_out' as const) : i % 3 ? ('correct' as const) : ('incorrect' as const),
              time_taken_seconds: i === 6 ? 135 : 20 + i,
              time_allowed_seconds: 135,
            })),
          })),
          integrity: {
            counts: { tab_switches: 2, offline_periods: 1, devtools_opened: 0, clipboard_uses: 1 },
            time_away_seconds: 50,
            time_offline_seconds: 15,
            events: [
              {
                kind: 'tab_switch',
                atom_id: 'javascript',
                question_number: 3,
                at: at(50),
                duration_seconds: 42,
              },
              {
                kind: 'clipboard',
                atom_id: 'javascript',
                question_number: 5,
                at: at(45),
                duration_seconds: null,
              },
              {
                kind: 'tab_switch',
                atom_id: 'javascript',
                question_number: 7,
                at: at(40),
                duration_seconds: 8,
              },
              {
                kind: 'offline',
                atom_id: 'javascript',
                question_number: 8,
                at: at(38),
                duration_seconds: 15,
              },
            ],
          },
        })),
      ),
    );
    const { router } = renderHiringAt(`/hiring/invitations/${ada}`);
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
    renderHiringAt(`/hiring/invitations/${await idOf('Alan Turing')}`);
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
    // The server has it: the report it serves now says revoked.
    expect((await httpHiringApi.report(await idOf('Alan Turing'))).invitation.status).toBe('revoked');
  });

  it('extend expiry: a later date, said in words', async () => {
    const katherine = await idOf('Katherine Johnson');
    renderHiringAt(`/hiring/invitations/${katherine}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Extend expiry' }));
    const day = screen.getByLabelText('New expiry date');
    expect(day).toHaveFocus();
    const later = new Date(Date.now() + 30 * 86_400_000);
    fireEvent.change(day, { target: { value: later.toLocaleDateString('sv-SE') } });
    await userEvent.click(screen.getByRole('button', { name: 'Extend' }));
    const end = new Date(`${later.toLocaleDateString('sv-SE')}T23:59:59.999Z`);
    const until = end.toLocaleDateString('en-GB', { dateStyle: 'medium' });
    expect(await screen.findByText(`Expiry extended: the link works until ${until}.`)).toBeInTheDocument();
    // The server has it.
    expect((await httpHiringApi.report(katherine)).invitation.expires_at).toBe(end.toISOString());
  });

  it("another company's invitation is not found, like an id that does not exist (no toast)", async () => {
    services.as('second-recruiter');
    const theirs = await httpHiringApi.list({ page: 1 });
    const peter = theirs.items.find((r) => r.candidate_name === 'Peter Gibbons')!;
    services.as('recruiter');
    renderHiringAt(`/hiring/invitations/${peter.id}`);
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeInTheDocument();
    expect(screen.queryByText('Peter Gibbons')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('settings', () => {
  /**
   * A webhook receiver on loopback (the services allow private addresses outside production): it
   * answers each delivery with the next status of `answers`, then 200.
   */
  const answers: number[] = [];
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  let hookUrl = '';
  /** A loopback port nobody listens on: a receiver that is not there. */
  let downUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/skillquiz`;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  // The webhook tests are Initech's recruiter's (see the top of the file).
  beforeEach(() => services.as('second-recruiter'));

  it('an admin chooses the company first; one without a webhook has no secret and nothing to test', async () => {
    // Acme's webhook is never set in these tests.
    services.as('admin');
    const { router } = renderHiringAt('/hiring/settings');
    expect(await screen.findByText('Choose a company to see its settings.')).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByLabelText('Company'), 'acme-robotics');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings for Acme Robotics' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?company=acme-robotics');
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('');
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    expect(await screen.findByText('No delivery attempts yet.')).toBeInTheDocument();
  });

  it("a recruiter sees their company's email note, webhook URL, secret to copy, the signature scheme and every attempt", async () => {
    // The webhook and two deliveries through the real API: the receiver fails the first (500).
    const { webhook } = await httpHiringApi.settings(undefined);
    await httpHiringApi.saveWebhook({ url: hookUrl, version: webhook.version }, undefined);
    answers.push(500);
    await httpHiringApi.testWebhook(undefined);
    await httpHiringApi.testWebhook(undefined);
    // A production server without SMTP_URL (the test services have the dev outbox): the real settings
    // with that server's email status (services/src/hiring/mail/delivery-status.ts), typed as the contracts'
    // HiringSettingsResponse (the contracts have no schema for this reply to parse it with).
    services.msw.use(
      mswHttp.get(
        services.url('/api/hiring/settings'),
        realReplyChanged<HiringSettingsResponse>({ parse: (d) => d as HiringSettingsResponse }, (real) => ({
          ...real,
          email: {
            enabled: false,
            via: 'off',
            message:
              'Email is not set up on this server (SMTP_URL): invitations are created without email; send candidates their link yourself.',
          },
        })),
      ),
    );
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderHiringAt('/hiring/settings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings for Initech' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Settings - SkillQuiz');
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument();
    // No email on this server: a visible note, in the server's words.
    expect(screen.getByText(/invitations are created without email/)).toHaveClass('hr-note');
    expect(screen.getByLabelText('Webhook URL')).toHaveValue(hookUrl);
    const secret = screen.getByLabelText<HTMLInputElement>('Signing secret');
    expect(secret.value).toMatch(/^whsec_/);
    await userEvent.click(screen.getByRole('button', { name: 'Copy secret (Signing secret)' }));
    expect(writeText).toHaveBeenCalledWith(secret.value);
    expect(await screen.findByText('Secret copied.')).toBeInTheDocument();
    expect(screen.getByText('X-SkillQuiz-Signature')).toBeInTheDocument();
    expect(screen.getByText(/v1=<hex HMAC-SHA256/)).toBeInTheDocument();

    expect(await screen.findByText('2 attempts, newest first.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Webhook delivery attempts' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('500');
    expect(rows[2]).toHaveTextContent('answered 500');
    expect(rows[1]).toHaveTextContent('Delivered');
  });

  it('a URL the server refuses is said at the field, focused, and nothing is saved; a good one is saved', async () => {
    const before = (await httpHiringApi.settings(undefined)).webhook;
    renderHiringAt('/hiring/settings');
    const field = await screen.findByLabelText('Webhook URL');
    await waitFor(() => expect(field).toHaveValue(before.url));
    await userEvent.clear(field);
    await userEvent.type(field, 'ftp://files.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    const said = await screen.findByText('The webhook URL must start with https:// (not ftp:)');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The webhook URL must start with https:// (not ftp:)');
    await waitFor(() => expect(field).toHaveFocus());
    expect(said).toHaveClass('hr-error');
    expect(screen.queryByText('Error saving webhook')).not.toBeInTheDocument(); // no toast for it
    expect((await httpHiringApi.settings(undefined)).webhook).toMatchObject({
      url: before.url,
      version: before.version,
    });

    await userEvent.clear(field);
    await userEvent.type(field, hookUrl.replace('/hooks/skillquiz', '/hooks/new'));
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText('Webhook saved')).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect((await httpHiringApi.settings(undefined)).webhook).toMatchObject({
      url: hookUrl.replace('/hooks/skillquiz', '/hooks/new'),
      version: before.version + 1,
    });
  });

  it('a test event is sent, its outcome said in a live region, and the attempts list shows it', async () => {
    const { total } = await httpHiringApi.webhookAttempts(1, undefined);
    renderHiringAt('/hiring/settings');
    expect(await screen.findByText(`${total} attempts, newest first.`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    const said = await screen.findByText(
      /^Test event delivered: the receiver answered HTTP 200 in \d+ ms\.$/,
    );
    expect(said).toHaveAttribute('role', 'status');
    expect(await screen.findByText(`${total + 1} attempts, newest first.`)).toBeInTheDocument();
    const first = within(screen.getByRole('table', { name: 'Webhook delivery attempts' })).getAllByRole(
      'row',
    )[1];
    expect(first).toHaveTextContent('webhook.test (test)');
    expect(first).toHaveTextContent('Delivered');

    // A receiver that is not there: the attempt failed, with its error.
    const field = screen.getByLabelText('Webhook URL');
    await userEvent.clear(field);
    await userEvent.type(field, downUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    await screen.findByText('Webhook saved');
    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(/^Test event not delivered: .*ECONNREFUSED.*\.$/)).toBeInTheDocument();
    expect(await screen.findByText(`${total + 2} attempts, newest first.`)).toBeInTheDocument();
  });

  it('rotate asks first (Escape returns to the button), then replaces the secret', async () => {
    renderHiringAt('/hiring/settings');
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
    // The server has the new one.
    expect((await httpHiringApi.settings(undefined)).webhook.secret).toBe(
      screen.getByLabelText<HTMLInputElement>('Signing secret').value,
    );
  });

  it('a stale version (someone else saved) is said, the settings reload, and nothing is sent again', async () => {
    renderHiringAt('/hiring/settings');
    const field = await screen.findByLabelText('Webhook URL');
    await waitFor(() => expect(field).toBeEnabled());
    // Someone else saves first, through the real API, on the version the form loaded.
    const loaded = await httpHiringApi.settings(undefined);
    await waitFor(() => expect(field).toHaveValue(loaded.webhook.url));
    await httpHiringApi.saveWebhook(
      { url: 'https://theirs.example/hook', version: loaded.webhook.version },
      undefined,
    );
    services.requests.length = 0;
    await userEvent.clear(field);
    await userEvent.type(field, 'https://mine.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      new RegExp(
        `changed by someone else .*version ${loaded.webhook.version}, it is now version ${loaded.webhook.version + 1}.*The settings have been reloaded`,
      ),
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
      mswHttp.put(services.url('/api/hiring/settings/webhook'), () =>
        errorReply(409, 'The settings were changed by someone else'),
      ),
      mswHttp.get(services.url('/api/hiring/me'), () => new HttpResponse(null, { status: 502 })),
    );
    const conflict = await httpHiringApi
      .saveWebhook({ url: 'https://example.com/h', version: 0 }, undefined)
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({ status: 409, message: 'The settings were changed by someone else' });
    await expect(httpHiringApi.me()).rejects.toMatchObject({ status: 502, message: 'Internal server error' });
  });
});

// Last: its 22 newest candidates push the sample ones off the first page.
describe('paging', () => {
  it('pages through the list with links (history entries), the URL holding the page', async () => {
    // 22 candidates of this run: more than the server's page of 20.
    const rows = Array.from({ length: 22 }, (_, i) => {
      const n = String(i + 1).padStart(2, '0');
      return `Pager ${RUN} ${n},pager${n}.${RUN}@example.com,javascript`;
    });
    await httpHiringApi.bulkCreate({ csv: `${rows.join('\n')}\n` });
    const { router } = renderHiringAt(`/hiring?q=${RUN}&sort=date_asc`);
    expect(await screen.findByText('22 candidates, page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('22 candidates, page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?q=${RUN}&sort=date_asc&page=2`);
    expect(screen.getByText('Next page')).toHaveAttribute('aria-disabled', 'true');
    const table = screen.getByRole('table', { name: 'Candidates' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 2);
  });
});
