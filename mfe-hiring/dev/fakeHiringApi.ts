// An in-memory HiringApi: the standalone dev page runs on it, and so do the app tests. It keeps the
// services' rules the pages depend on (tenancy: another company's invitation is 404; the list's
// search, filters, sorts and paging; 400 for what the server refuses, with per-row problems for a
// bulk file; 409 for revoking a finished invitation or extending a closed one) and holds candidates
// in every status, with finished reports that look like real ones. Nothing is saved: a reload
// starts over.
import type {
  BulkRowResult,
  CompanyRef,
  HiringAtom,
  HiringMeResponse,
  IntegrityEvent,
  InvitationAtom,
  InvitationCreate,
  InvitationListResponse,
  InvitationReport,
  InvitationResponse,
  InvitationRow,
  InvitationStatus,
  ReportAtom,
  ReportQuestion,
  EmailDeliveryStatus,
  HiringSettingsResponse,
  WebhookAttempt,
  WebhookSettingsUpdate,
} from '@skillquiz/contracts';
import { ApiError } from '@skillquiz/http-client';
import { delay } from '@skillquiz/remote-kit/dev';
import type { BulkInviteInput, HiringApi, InvitationFilters } from '../src/api/hiringApi';

export interface FakeHiringOptions {
  /** Each call answers after this long, as a network would (default 250 ms). */
  latencyMs?: number;
  /** Calls that fail with this status and message instead, e.g. { list: [500, 'Internal server error'] }. */
  failing?: Partial<Record<keyof HiringApi, [number, string]>>;
  /** Who is signed in: a recruiter of Acme Robotics (default) or a content admin (every company). */
  role?: 'recruiter' | 'admin';
  /** Rows per page (the services' is 20). */
  pageSize?: number;
  /** "Now" for the sample data's dates (default: the real now). */
  now?: Date;
  /** How this server emails candidates (default 'dev-outbox'; 'off': production without SMTP_URL). */
  email?: 'smtp' | 'dev-outbox' | 'off';
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export const ACME: CompanyRef = { id: 'c-acme', name: 'Acme Robotics', slug: 'acme-robotics' };
export const INITECH: CompanyRef = { id: 'c-initech', name: 'Initech', slug: 'initech' };
const COMPANIES = [ACME, INITECH];

const THRESHOLDS: ReportAtom['levels_thresholds'] = ['-inf', -1, -0.25, 0.5, 1.25];

export const SAMPLE_ATOMS: HiringAtom[] = [
  {
    id: 'javascript',
    name: 'JavaScript',
    beta: false,
    client_description: 'The language of the web: closures, async code, the standard library.',
    num_questions: 10,
    eta_minutes: 15,
  },
  {
    id: 'python',
    name: 'Python',
    beta: false,
    client_description: 'Python 3: data structures, idioms, the standard library.',
    num_questions: 10,
    eta_minutes: 15,
  },
  {
    id: 'sql',
    name: 'SQL',
    beta: false,
    client_description: 'Querying relational databases (PostgreSQL): joins, grouping, window functions.',
    num_questions: 10,
    eta_minutes: 15,
  },
  {
    id: 'rust',
    name: 'Rust',
    beta: true,
    client_description: 'Ownership, borrowing, traits and error handling.',
    num_questions: 8,
    eta_minutes: 12,
  },
];

const LEVEL_DESCRIPTIONS = [
  'Knows the basic syntax; needs help with anything beyond small snippets.',
  'Writes small programs with some help; reads everyday code.',
  'Works independently on everyday tasks and explains their choices.',
  'Handles the tricky parts (concurrency, performance) and reviews others’ code.',
  'Knows the language inside out, including its edge cases and internals.',
];

/** What a finished atom's result looks like: P(L1..L5), estimate, error, percentile. */
interface SampleResult {
  probabilities: [number, number, number, number, number];
  estimate: number;
  error: number;
  percentile: number | null;
  among: number;
  survey: number | null;
}

interface Stored {
  row: InvitationRow;
  results: Map<string, SampleResult>;
  events: IntegrityEvent[];
  created_by: string;
}

const CLAIMS = ['closures', 'async', 'types', 'iteration', 'errors', 'scope', 'objects', 'modules', null];

function levelOf(p: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i;
  return best + 1;
}

function levelAt(theta: number): number {
  const starts = THRESHOLDS.map((t) => (t === '-inf' ? -Infinity : t));
  let level = 1;
  for (let i = 0; i < starts.length; i++) if (theta >= starts[i]) level = i + 1;
  return level;
}

export function createFakeHiringApi(options: FakeHiringOptions = {}): HiringApi & {
  /** Every invitation the fake holds (tests look at it). */
  invitations: () => InvitationRow[];
  /** Someone else saves the company's webhook (a test's concurrent edit: the next save is stale). */
  saveElsewhere: (companyId: string, url: string | null) => void;
} {
  const latency = options.latencyMs ?? 250;
  const pageSize = options.pageSize ?? 20;
  const role = options.role ?? 'recruiter';
  const now = options.now ?? new Date();
  const at = (daysAgo: number, hours = 0) =>
    new Date(now.getTime() - daysAgo * 86_400_000 - hours * 3_600_000).toISOString();
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  const atomName = (id: string) => SAMPLE_ATOMS.find((a) => a.id === id)?.name ?? id;
  let nextId = 1;
  const newId = () => `inv${String(nextId++).padStart(21, '0')}`;

  const store: Stored[] = [];

  function add(
    company: CompanyRef,
    name: string,
    email: string,
    status: InvitationStatus,
    atoms: { id: string; required: boolean; result?: SampleResult }[],
    { invitedDaysAgo = 3, extra = 0, events = [] as IntegrityEvent[] } = {},
  ): Stored {
    const invited = at(invitedDaysAgo);
    const finishedAt = status === 'finished' ? at(invitedDaysAgo - 1) : null;
    const results = new Map<string, SampleResult>();
    const rowAtoms: InvitationAtom[] = atoms.map((a) => {
      if (a.result) results.set(a.id, a.result);
      return {
        id: a.id,
        name: atomName(a.id),
        required: a.required,
        level: a.result ? levelOf(a.result.probabilities) : null,
        finished_at: a.result ? (finishedAt ?? at(invitedDaysAgo - 1)) : null,
      };
    });
    const stored: Stored = {
      row: {
        id: newId(),
        candidate_name: name,
        candidate_email: email,
        company,
        atoms: rowAtoms,
        status,
        invited_at: invited,
        started_at:
          status === 'invited' || status === 'revoked' || status === 'expired'
            ? null
            : at(invitedDaysAgo - 1, 1),
        finished_at: finishedAt,
        expires_at: status === 'expired' ? at(invitedDaysAgo - 7) : inDays(7 - invitedDaysAgo),
        revoked_at: status === 'revoked' ? at(invitedDaysAgo - 1) : null,
        extra_time_percent: extra,
        demo: false,
        simulated: false,
      },
      results,
      events,
      created_by: 'recruiter@skillquiz.local',
    };
    store.push(stored);
    return stored;
  }

  const result = (
    probabilities: SampleResult['probabilities'],
    estimate: number,
    error: number,
    percentile: number | null,
    among: number,
    survey: number | null = 2,
  ): SampleResult => ({ probabilities, estimate, error, percentile, among, survey });

  // Acme Robotics: one of each status, a finished candidate with integrity signals, enough rows to page.
  const ada = add(
    ACME,
    'Ada Lovelace',
    'ada@example.com',
    'finished',
    [
      {
        id: 'javascript',
        required: true,
        result: result([0.01, 0.04, 0.22, 0.58, 0.15], 0.86, 0.31, 78.5, 142),
      },
    ],
    { invitedDaysAgo: 2, extra: 50 },
  );
  ada.events = [
    {
      kind: 'tab_switch',
      atom_id: 'javascript',
      question_number: 3,
      at: at(1, 0.9),
      duration_seconds: 42,
    },
    { kind: 'clipboard', atom_id: 'javascript', question_number: 5, at: at(1, 0.85), duration_seconds: null },
    { kind: 'tab_switch', atom_id: 'javascript', question_number: 7, at: at(1, 0.8), duration_seconds: 8 },
    { kind: 'offline', atom_id: 'javascript', question_number: 8, at: at(1, 0.78), duration_seconds: 15 },
  ];
  add(
    ACME,
    'Grace Hopper',
    'grace@navy.example',
    'finished',
    [
      { id: 'sql', required: true, result: result([0.0, 0.02, 0.1, 0.33, 0.55], 1.42, 0.35, 93, 88, 1) },
      {
        id: 'python',
        required: false,
        result: result([0.05, 0.3, 0.45, 0.17, 0.03], -0.1, 0.42, 47.5, 120, null),
      },
    ],
    { invitedDaysAgo: 5 },
  );
  add(ACME, 'Alan Turing', 'alan@bletchley.example', 'in_progress', [{ id: 'javascript', required: true }], {
    invitedDaysAgo: 1,
  });
  add(ACME, 'Katherine Johnson', 'kj@nasa.example', 'invited', [
    { id: 'python', required: true },
    { id: 'sql', required: false },
  ]);
  add(ACME, 'Edsger Dijkstra', 'ewd@example.org', 'abandoned', [{ id: 'javascript', required: true }], {
    invitedDaysAgo: 6,
  });
  add(ACME, 'Barbara Liskov', 'liskov@mit.example', 'expired', [{ id: 'python', required: true }], {
    invitedDaysAgo: 12,
  });
  add(ACME, 'Ken Thompson', 'ken@bell.example', 'revoked', [{ id: 'sql', required: true }], {
    invitedDaysAgo: 4,
  });
  add(
    ACME,
    'Margaret Hamilton',
    'margaret@apollo.example',
    'finished',
    [
      {
        id: 'javascript',
        required: true,
        result: result([0.3, 0.48, 0.18, 0.03, 0.01], -0.95, 0.5, 12, 142),
      },
    ],
    { invitedDaysAgo: 8, extra: 25 },
  );
  const first = ['Linus', 'Radia', 'Frances', 'John', 'Donald', 'Hedy', 'Tim', 'Shafi', 'Leslie', 'Sophie'];
  const last = [
    'Torvalds',
    'Perlman',
    'Allen',
    'Backus',
    'Knuth',
    'Lamarr',
    'Berners-Lee',
    'Goldwasser',
    'Lamport',
    'Wilson',
  ];
  for (let i = 0; i < 14; i++) {
    const finished = i % 3 === 0;
    const theta = -1.5 + (i % 7) * 0.5;
    const probs: SampleResult['probabilities'] = [0.2, 0.2, 0.2, 0.2, 0.2];
    probs[levelAt(theta) - 1] = 0.6;
    const sum = probs.reduce((a, b) => a + b, 0);
    add(
      ACME,
      `${first[i % first.length]} ${last[(i * 3) % last.length]}`,
      `candidate${i + 1}@example.net`,
      finished ? 'finished' : 'invited',
      [
        {
          id: i % 2 ? 'python' : 'javascript',
          required: true,
          result: finished
            ? result(probs.map((p) => p / sum) as SampleResult['probabilities'], theta, 0.4, 20 + i * 5, 142)
            : undefined,
        },
      ],
      { invitedDaysAgo: 9 + i },
    );
  }
  // Initech: another company's candidates (a recruiter of Acme never sees them).
  add(
    INITECH,
    'Peter Gibbons',
    'peter@initech.example',
    'finished',
    [{ id: 'sql', required: true, result: result([0.1, 0.5, 0.3, 0.08, 0.02], -0.5, 0.45, 35, 88) }],
    { invitedDaysAgo: 3 },
  );
  add(INITECH, 'Milton Waddams', 'milton@initech.example', 'invited', [{ id: 'python', required: true }]);

  const me: HiringMeResponse =
    role === 'admin'
      ? {
          email: 'admin@skillquiz.local',
          name: 'Ada Admin',
          role: 'admin',
          company: null,
          companies: COMPANIES,
        }
      : {
          email: 'recruiter@skillquiz.local',
          name: 'Rae Recruiter',
          role: 'recruiter',
          company: ACME,
          companies: [ACME],
        };

  /** The company a call works in, as the server's scope does it; 404 for a company not allowed. */
  function scope(company: string | undefined): CompanyRef | null {
    if (role === 'recruiter') {
      if (company && company !== ACME.id && company !== ACME.slug)
        throw new ApiError(404, 'Company not found');
      return ACME;
    }
    if (!company) return null;
    const found = COMPANIES.find((c) => c.id === company || c.slug === company);
    if (!found) throw new ApiError(404, 'Company not found');
    return found;
  }

  function call<T>(name: keyof HiringApi, run: () => T): Promise<T> {
    return delay(latency).then(() => {
      const failure = options.failing?.[name];
      if (failure) throw new ApiError(failure[0], failure[1]);
      return clone(run());
    });
  }

  function matches(row: InvitationRow, filters: InvitationFilters): boolean {
    const company = scope(filters.company);
    if (company && row.company.id !== company.id) return false;
    if (filters.status && row.status !== filters.status) return false;
    if (!filters.include_demo && (row.demo || row.simulated)) return false;
    if (filters.needs_a_look && !row.integrity_flags) return false;
    if (filters.atom && !row.atoms.some((a) => a.id === filters.atom)) return false;
    if (filters.q) {
      const terms =
        `${row.candidate_name ?? ''} ${row.candidate_email ?? ''} ${(row.candidate_email ?? '').replace(/[@.]/g, ' ')}`
          .toLowerCase()
          .split(/[\s'-]+/);
      const words = filters.q.toLowerCase().split(/\s+/).filter(Boolean);
      if (!words.every((w) => terms.some((t) => t.startsWith(w.replace(/^@/, ''))))) return false;
    }
    return true;
  }

  function sorted(rows: InvitationRow[], sort: InvitationFilters['sort']): InvitationRow[] {
    const score = (r: InvitationRow) => {
      const levels = r.atoms.filter((a) => a.level != null).map((a) => a.level!);
      return levels.length ? levels.reduce((s, l) => s + l, 0) / levels.length : null;
    };
    const byDate = (a: InvitationRow, b: InvitationRow) => b.invited_at.localeCompare(a.invited_at);
    return [...rows].sort((a, b) => {
      if (sort === 'date_asc') return -byDate(a, b);
      if (sort === 'level_desc' || sort === 'level_asc') {
        const sa = score(a);
        const sb = score(b);
        if (sa == null || sb == null) return sa == null && sb == null ? byDate(a, b) : sa == null ? 1 : -1;
        return (sort === 'level_desc' ? sb - sa : sa - sb) || byDate(a, b);
      }
      return byDate(a, b);
    });
  }

  function find(id: string): Stored {
    const s = store.find((x) => x.row.id === id);
    const company = scope(undefined);
    if (!s || (company && s.row.company.id !== company.id)) throw new ApiError(404, 'Invitation not found');
    return s;
  }

  function linksOf(s: Stored) {
    return s.row.atoms.map((a, i) => ({
      atom_id: a.id,
      atom_name: a.name,
      required: a.required,
      url: `http://localhost:8080/quiz/tok${s.row.id.slice(-8)}${i}abcdefghijklmnop`,
    }));
  }

  function questionsOf(atomId: string, r: SampleResult | undefined, extra: number): ReportQuestion[] {
    if (!r) return [];
    const allowed = 90 * (1 + extra / 100);
    return Array.from({ length: 11 }, (_, i) => {
      const outcome: ReportQuestion['outcome'] =
        i === 6 ? 'timed_out' : (i * 7 + atomId.length) % 3 === 0 ? 'incorrect' : 'correct';
      return {
        number: i + 1,
        claim: CLAIMS[(i + atomId.length) % CLAIMS.length],
        scored: i !== 2, // the third question is the unscored trial question
        outcome,
        time_taken_seconds: outcome === 'timed_out' ? allowed : Math.round(20 + ((i * 37) % 60)),
        time_allowed_seconds: allowed,
      };
    });
  }

  function report(s: Stored): InvitationReport {
    const atoms: ReportAtom[] = s.row.atoms.map((a) => {
      const r = s.results.get(a.id);
      const level = r ? levelOf(r.probabilities) : null;
      const atomStatus: InvitationStatus = r
        ? 'finished'
        : s.row.status === 'finished'
          ? 'invited'
          : s.row.status;
      return {
        atom_id: a.id,
        atom_name: a.name,
        required: a.required,
        status: atomStatus,
        started_at: r ? s.row.started_at : null,
        finished_at: a.finished_at,
        client_description: SAMPLE_ATOMS.find((x) => x.id === a.id)?.client_description ?? '',
        levels_thresholds: THRESHOLDS,
        level,
        level_description: level ? LEVEL_DESCRIPTIONS[level - 1] : null,
        level_probabilities: r ? r.probabilities : null,
        estimate: r ? r.estimate : null,
        error: r ? r.error : null,
        band: r
          ? {
              low: r.estimate - r.error,
              high: r.estimate + r.error,
              low_level: levelAt(r.estimate - r.error),
              high_level: levelAt(r.estimate + r.error),
            }
          : null,
        percentile: r ? { value: r.percentile, among: r.among } : null,
        questions: questionsOf(a.id, r, s.row.extra_time_percent),
        skipped: false,
      };
    });
    const count = (k: IntegrityEvent['kind']) => s.events.filter((e) => e.kind === k).length;
    const total = (k: IntegrityEvent['kind']) =>
      s.events.filter((e) => e.kind === k).reduce((sum, e) => sum + (e.duration_seconds ?? 0), 0);
    return {
      invitation: { ...s.row, links: linksOf(s), created_by: s.created_by },
      atoms,
      integrity: {
        counts: {
          tab_switches: count('tab_switch'),
          offline_periods: count('offline'),
          devtools_opened: count('devtools'),
          clipboard_uses: count('clipboard'),
        },
        time_away_seconds: total('tab_switch'),
        time_offline_seconds: total('offline'),
        events: s.events,
      },
      extra_time_percent: s.row.extra_time_percent,
    };
  }

  function writeCompany(company: string | undefined): CompanyRef {
    const c = scope(company);
    if (!c)
      throw new ApiError(400, 'Choose a company first: add ?company=<id or slug> (see GET /api/hiring/me)');
    return c;
  }

  function checkExpiry(expires?: string): string {
    if (!expires) return inDays(7);
    const end = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? `${expires}T23:59:59.999Z` : expires;
    if (Number.isNaN(Date.parse(end))) throw new ApiError(400, 'expires_at must be an ISO date');
    if (Date.parse(end) <= now.getTime()) throw new ApiError(400, 'expires_at must be in the future');
    return new Date(end).toISOString();
  }

  /** A row's problems in the services' words (services/src/hiring/bulk.ts). */
  function rowProblems(name: string, email: string, required: string[], optional: string[]): string[] {
    const problems: string[] = [];
    if (!name.trim()) problems.push('name is missing');
    if (!email.trim()) problems.push('email is missing');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      problems.push(`'${email.trim()}' is not a valid email address`);
    if (required.length === 0) problems.push('no atom: name at least one required atom');
    const unknown = [...required, ...optional].filter((a) => !SAMPLE_ATOMS.some((x) => x.id === a));
    if (unknown.length) problems.push(`unknown atom${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
    return problems;
  }

  function createOne(company: CompanyRef, input: InvitationCreate): InvitationResponse {
    const required = input.required_atoms;
    const optional = (input.optional_atoms ?? []).filter((a) => !required.includes(a));
    const problems = rowProblems(input.candidate_name, input.candidate_email, required, optional);
    if (problems.length) throw new ApiError(400, problems.join('; '));
    const s = add(
      company,
      input.candidate_name.trim(),
      input.candidate_email.trim().toLowerCase(),
      'invited',
      [...required.map((id) => ({ id, required: true })), ...optional.map((id) => ({ id, required: false }))],
    );
    // Newest first: the new one was invited now.
    s.row.invited_at = now.toISOString();
    s.row.expires_at = checkExpiry(input.expires_at);
    s.row.extra_time_percent = input.extra_time_percent ?? 0;
    s.created_by = me.email;
    const links = linksOf(s);
    return { invitation: s.row, link: links[0].url, links, email: emailOf(s.row.candidate_email) };
  }

  const splitAtoms = (cell: string | undefined) => (cell ?? '').split(/[;|,\s]+/).filter(Boolean);

  /** The services' bulk rules, simply: a header row is recognised, every row checked, duplicates refused. */
  function bulkRows(csv: string): BulkRowResult[] {
    const lines = csv.split(/\r?\n/).filter((l) => l.trim() !== '');
    if (!lines.length) throw new ApiError(400, 'The file has no rows');
    const cells = lines.map((l) => l.split(',').map((c) => c.trim().replace(/^"|"$/g, '')));
    const header = /^(name|candidate_name)$/i.test(cells[0][0] ?? '');
    const seen = new Map<string, number>();
    return cells.flatMap((row, i) => {
      if (header && i === 0) return [];
      const [name = '', email = '', required = '', optional = ''] = row;
      const req = splitAtoms(required);
      const opt = splitAtoms(optional);
      const errors = rowProblems(name, email, req, opt);
      const key = email.trim().toLowerCase();
      if (key && seen.has(key)) errors.push(`the same email as row ${seen.get(key)}`);
      else if (key) seen.set(key, i + 1);
      return [
        {
          row: i + 1,
          candidate_name: name,
          candidate_email: email,
          required_atoms: req,
          optional_atoms: opt,
          errors,
        },
      ];
    });
  }

  function bulkCheck(input: BulkInviteInput): BulkRowResult[] {
    const rows = bulkRows(input.csv);
    checkExpiry(input.expires_at);
    return rows;
  }

  // The company settings (services/src/webhooks): a webhook per company with a version
  // (a stale one is 409), the services' URL messages, a test event that "delivers" unless the host
  // says it is down, and every attempt, newest first, 50 a page.
  const emailMode = options.email ?? 'dev-outbox';
  const EMAIL: Record<typeof emailMode, EmailDeliveryStatus> = {
    off: {
      enabled: false,
      via: 'off',
      message:
        'Email is not set up on this server (SMTP_URL): invitations are created without email; send candidates their link yourself.',
    },
    'dev-outbox': {
      enabled: true,
      via: 'dev-outbox',
      message: 'Development: emails go to the dev outbox (/dev/outbox), not to the candidates.',
    },
    smtp: { enabled: true, via: 'smtp', message: 'Candidates get their invitation by email.' },
  };
  function emailOf(address: string | null): InvitationResponse['email'] {
    if (!address)
      return {
        status: 'no_address',
        message: 'No candidate email address: share the candidate link yourself.',
      };
    if (emailMode === 'off')
      return {
        status: 'not_configured',
        message: 'Email is not set up on this server (SMTP_URL): send the candidate the link yourself.',
      };
    return { status: 'queued', message: `The invitation email to ${address} is on its way.` };
  }

  interface Webhook {
    url: string | null;
    secret: string | null;
    version: number;
    attempts: WebhookAttempt[];
  }
  let secrets = 0;
  const newSecret = () => `whsec_fake${String(++secrets).padStart(4, '0')}${'0123456789abcdef'.repeat(2)}`;
  const webhooks = new Map<string, Webhook>([
    [
      ACME.id,
      { url: 'https://ats.acme.example/hooks/skillquiz', secret: newSecret(), version: 3, attempts: [] },
    ],
    [INITECH.id, { url: null, secret: null, version: 0, attempts: [] }],
  ]);
  let attemptIds = 0;
  function attemptOf(
    w: Webhook,
    fields: Pick<WebhookAttempt, 'event_id' | 'event_type' | 'attempt' | 'status' | 'ok' | 'error' | 'test'>,
    when: string,
    durationMs: number,
  ): WebhookAttempt {
    return {
      id: `att${String(++attemptIds).padStart(21, '0')}`,
      quiz_id: fields.test ? null : `quiz${String(attemptIds).padStart(20, '0')}`,
      url: w.url ?? '',
      at: when,
      duration_ms: durationMs,
      ...fields,
    };
  }
  {
    // Acme's history: a delivery that needed a retry, a clean one.
    const acme = webhooks.get(ACME.id)!;
    const evt = `evt_${ada.row.id}_finished`;
    acme.attempts.push(
      attemptOf(
        acme,
        {
          event_id: 'evt_q2_finished',
          event_type: 'quiz.finished',
          attempt: 1,
          status: 200,
          ok: true,
          error: null,
          test: false,
        },
        at(0, 2),
        84,
      ),
      attemptOf(
        acme,
        {
          event_id: evt,
          event_type: 'quiz.finished',
          attempt: 2,
          status: 200,
          ok: true,
          error: null,
          test: false,
        },
        at(1, 0.5),
        120,
      ),
      attemptOf(
        acme,
        {
          event_id: evt,
          event_type: 'quiz.finished',
          attempt: 1,
          status: 500,
          ok: false,
          error: 'The receiver answered HTTP 500',
          test: false,
        },
        at(1, 0.7),
        230,
      ),
    );
  }
  function webhookOf(company: string | undefined): { ref: CompanyRef; w: Webhook } {
    const ref = writeCompany(company);
    return { ref, w: webhooks.get(ref.id)! };
  }
  function settingsOf(ref: CompanyRef, w: Webhook): HiringSettingsResponse {
    return {
      company: { id: ref.id, name: ref.name },
      webhook: { url: w.url, secret: w.secret, version: w.version },
      signature: {
        header: 'X-SkillQuiz-Signature',
        scheme: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>',
      },
      email: EMAIL[emailMode],
    };
  }
  /** The services' URL checks that a page can meet (address-policy.ts), in its words. */
  function checkUrl(raw: string): string {
    const text = raw.trim();
    if (!text) throw new ApiError(400, 'The webhook URL is empty');
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ApiError(
        400,
        `'${text}' is not a URL (it should look like https://ats.example.com/skillquiz)`,
      );
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new ApiError(400, `The webhook URL must start with https:// (not ${url.protocol})`);
    if (url.hostname === 'localhost' || url.hostname.startsWith('127.'))
      throw new ApiError(
        400,
        `The webhook host ${url.hostname} is a loopback or private address: not allowed in production`,
      );
    return url.href;
  }
  function saveWebhook(input: WebhookSettingsUpdate, company: string | undefined): HiringSettingsResponse {
    const { ref, w } = webhookOf(company);
    if (input.version !== undefined && input.version !== w.version)
      throw new ApiError(
        409,
        `The webhook settings were changed by someone else since you opened them (you edited version ${input.version}, it is now version ${w.version}). Your changes were not saved.`,
      );
    const url = input.url === null ? null : checkUrl(input.url);
    if (input.rotate_secret || (url && !w.secret)) w.secret = newSecret();
    w.url = url;
    w.version += 1;
    return settingsOf(ref, w);
  }

  return {
    invitations: () => clone(store.map((s) => s.row)),
    saveElsewhere: (companyId, url) => {
      const w = webhooks.get(companyId)!;
      w.url = url;
      w.version += 1;
    },
    settings: (company) =>
      call('settings', () => {
        const { ref, w } = webhookOf(company);
        return settingsOf(ref, w);
      }),
    saveWebhook: (input, company) => call('saveWebhook', () => saveWebhook(input, company)),
    testWebhook: (company) =>
      call('testWebhook', () => {
        const { w } = webhookOf(company);
        if (!w.url)
          throw new ApiError(400, 'Set a webhook URL first: there is nowhere to send the test event');
        // A host named like 'down.example' stands for a receiver that is not there.
        const down = new URL(w.url).hostname.startsWith('down.');
        const attempt = attemptOf(
          w,
          {
            event_id: `evt_test_${Date.now()}`,
            event_type: 'webhook.test',
            attempt: 1,
            status: down ? null : 200,
            ok: !down,
            error: down ? `connect ECONNREFUSED (${new URL(w.url).hostname})` : null,
            test: true,
          },
          new Date().toISOString(),
          down ? 3 : 42,
        );
        w.attempts.unshift(attempt);
        return { attempt };
      }),
    webhookAttempts: (page, company) =>
      call('webhookAttempts', () => {
        const { w } = webhookOf(company);
        const size = 50;
        return {
          items: w.attempts.slice((page - 1) * size, page * size),
          total: w.attempts.length,
          page,
          page_size: size,
        };
      }),
    me: () => call('me', () => me),
    atoms: () => call('atoms', () => ({ atoms: SAMPLE_ATOMS })),
    list: (filters) =>
      call('list', (): InvitationListResponse => {
        const rows = sorted(
          store.map((s) => s.row).filter((r) => matches(r, filters)),
          filters.sort,
        );
        const start = (filters.page - 1) * pageSize;
        return {
          items: rows.slice(start, start + pageSize),
          total: rows.length,
          page: filters.page,
          page_size: pageSize,
        };
      }),
    exportCsv: (filters) =>
      call('exportCsv', () => {
        const rows = sorted(
          store.map((s) => s.row).filter((r) => matches(r, filters)),
          filters.sort,
        );
        const quote = (v: unknown) => {
          const s = v == null ? '' : String(v);
          return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
        };
        const lines = [
          'invitation_id,candidate_name,candidate_email,company,status,invited_at,expires_at,extra_time_percent,atom,atom_required,atom_status,level,estimate,error,atom_finished_at,label',
        ];
        for (const r of rows) {
          const s = store.find((x) => x.row.id === r.id)!;
          for (const a of r.atoms) {
            const res = s.results.get(a.id);
            lines.push(
              [
                r.id,
                r.candidate_name,
                r.candidate_email,
                r.company.name,
                r.status,
                r.invited_at,
                r.expires_at,
                r.extra_time_percent,
                a.id,
                a.required,
                res ? 'finished' : r.status,
                a.level ? `L${a.level}` : '',
                res?.estimate.toFixed(3) ?? '',
                res?.error.toFixed(3) ?? '',
                a.finished_at,
                [r.demo ? 'Demo' : '', r.simulated ? 'Simulated' : ''].filter(Boolean).join(', '),
              ]
                .map(quote)
                .join(','),
            );
          }
        }
        return `${lines.join('\r\n')}\r\n`;
      }),
    create: (input, company) => call('create', () => createOne(writeCompany(company), input)),
    bulkPreview: (input, company) =>
      call('bulkPreview', () => {
        writeCompany(company);
        const rows = bulkCheck(input);
        return { valid: rows.every((r) => r.errors.length === 0), rows };
      }),
    bulkCreate: (input, company) =>
      call('bulkCreate', () => {
        const c = writeCompany(company);
        const rows = bulkCheck(input);
        const bad = rows.filter((r) => r.errors.length);
        if (bad.length)
          throw new ApiError(
            400,
            `${bad.length} of ${rows.length} rows ${bad.length === 1 ? 'has' : 'have'} problems (rows ${bad.map((r) => r.row).join(', ')}); nothing was created`,
          );
        return {
          created: rows.map((r) =>
            createOne(c, {
              candidate_name: r.candidate_name,
              candidate_email: r.candidate_email,
              required_atoms: r.required_atoms,
              optional_atoms: r.optional_atoms,
              expires_at: input.expires_at,
              extra_time_percent: input.extra_time_percent,
            }),
          ),
        };
      }),
    report: (id) => call('report', () => report(find(id))),
    survey: () =>
      call('survey', () => ({
        min_answers: 10,
        periods: [
          {
            atom_id: 'javascript',
            atom_name: 'JavaScript',
            period: '2026-11',
            distribution: { sad: 2, neutral: 5, happy: 14 },
            enough: true,
            message: null,
          },
          {
            atom_id: 'sql',
            atom_name: 'SQL',
            period: '2026-11',
            distribution: null,
            enough: false,
            message: 'not enough answers yet',
          },
        ],
      })),
    revoke: (id) =>
      call('revoke', () => {
        const s = find(id);
        if (s.row.status === 'finished')
          throw new ApiError(409, 'A finished invitation cannot be revoked: its result stands');
        if (s.row.status !== 'revoked') {
          s.row.status = 'revoked';
          s.row.revoked_at = new Date().toISOString();
        }
        return report(s);
      }),
    extend: (id, expiresAt) =>
      call('extend', () => {
        const s = find(id);
        if (['revoked', 'finished', 'abandoned'].includes(s.row.status))
          throw new ApiError(409, `A ${s.row.status} invitation cannot be extended`);
        const next = checkExpiry(expiresAt);
        if (s.row.expires_at && next <= s.row.expires_at)
          throw new ApiError(400, 'expires_at must be later than the current expiry');
        s.row.expires_at = next;
        if (s.row.status === 'expired') s.row.status = s.row.started_at ? 'in_progress' : 'invited';
        return report(s);
      }),
  };
}
