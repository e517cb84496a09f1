// Command-line parsing for `npm run invite`, kept apart from I/O so it is unit-testable.
import { parseArgs } from 'node:util';
import { EXTRA_TIME_PERCENTS, HIRING } from '@skillquiz/contracts';

export interface InviteArgs {
  company: string;
  requiredAtoms: string[];
  optionalAtoms: string[];
  name: string | null;
  email: string | null;
  /**
   * --expires as given: an ISO date or date-time, `<n>d` (days from now) or `never`; undefined:
   * the default (HIRING.DEFAULT_EXPIRY_DAYS).
   */
  expires: { date: string } | { days: number } | 'never' | undefined;
  extraTimePercent: number;
  demo: boolean;
}

export const INVITE_USAGE =
  'Usage: npm run invite -- --company <name|slug> --atoms <slug,...> [--optional <slug,...>]\n' +
  '         [--name <candidate name>] [--email <candidate email>] [--expires <date|Nd|never>]\n' +
  '         [--extra-time 0|25|50|100] [--demo]\n' +
  '  Creates an invitation for one candidate and prints the candidate link.\n' +
  '  --company     the hiring company, by slug or name (created by that name if none matches)\n' +
  '  --atoms       required atoms (skills), comma-separated slugs, taken in this order\n' +
  '  --optional    optional atoms the candidate may take after the required ones\n' +
  "  --name        the candidate's name (shown on the hiring pages)\n" +
  "  --email       the candidate's email\n" +
  `  --expires     when the link stops working: a date (2030-01-31, the end of that day UTC),\n` +
  `                a date-time, a number of days (14d), or never; default ${HIRING.DEFAULT_EXPIRY_DAYS}d\n` +
  '  --extra-time  extra time in percent for every question: 0 (default), 25, 50 or 100\n' +
  '  --demo        a demo invitation: demo mode (sidebar, Correct label, pass_243) works on it\n' +
  '                while DEMO_MODE_ALLOWED is set; no other invitation ever gets it';

export class UsageError extends Error {}

function slugList(value: string | undefined): string[] {
  const slugs = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(slugs)];
}

function parseExpires(value: string | undefined): InviteArgs['expires'] {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (v === 'never') return 'never';
  const days = /^([1-9][0-9]{0,2})d$/.exec(v);
  if (days) {
    const n = Number(days[1]);
    if (n > HIRING.MAX_EXPIRY_DAYS) throw new UsageError(`--expires is at most ${HIRING.MAX_EXPIRY_DAYS}d`);
    return { days: n };
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v))) return { date: v };
  throw new UsageError(
    `--expires must be a date (2030-01-31), a number of days (14d) or never, not '${value}'`,
  );
}

export function parseInviteArgs(argv: string[]): InviteArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        company: { type: 'string' },
        atoms: { type: 'string' },
        optional: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        expires: { type: 'string' },
        'extra-time': { type: 'string' },
        demo: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) throw new UsageError('');
  const company = (values.company ?? '').trim();
  if (!company) throw new UsageError('--company is required');
  const requiredAtoms = slugList(values.atoms);
  if (requiredAtoms.length === 0) throw new UsageError('--atoms needs at least one atom slug');
  const optionalAtoms = slugList(values.optional).filter((s) => !requiredAtoms.includes(s));
  const extraRaw = (values['extra-time'] ?? '0').trim().replace(/%$/, '').replace(/^\+/, '');
  const extraTimePercent = Number(extraRaw);
  if (!/^\d+$/.test(extraRaw) || !(EXTRA_TIME_PERCENTS as readonly number[]).includes(extraTimePercent))
    throw new UsageError(
      `--extra-time must be one of ${EXTRA_TIME_PERCENTS.join(', ')}, not '${values['extra-time']}'`,
    );
  const email = values.email?.trim() || null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new UsageError(`--email '${email}' is not an email address`);
  return {
    company,
    requiredAtoms,
    optionalAtoms,
    name: values.name?.trim() || null,
    email,
    expires: parseExpires(values.expires),
    extraTimePercent,
    demo: values.demo === true,
  };
}
