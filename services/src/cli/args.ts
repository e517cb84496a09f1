// Command-line parsing for `npm run invite`, kept apart from I/O so it is unit-testable.
import { parseArgs } from 'node:util';

export interface InviteArgs {
  company: string;
  requiredAtoms: string[];
  optionalAtoms: string[];
}

export const INVITE_USAGE =
  'Usage: npm run invite -- --company <name> --atoms <slug,...> [--optional <slug,...>]\n' +
  '  Creates an invitation for one candidate and prints the candidate link.\n' +
  '  --company   the hiring company (created if it does not exist)\n' +
  '  --atoms     required atoms (skills), comma-separated slugs, taken in this order\n' +
  '  --optional  optional atoms the candidate may take after the required ones';

export class UsageError extends Error {}

function slugList(value: string | undefined): string[] {
  const slugs = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(slugs)];
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
  return { company, requiredAtoms, optionalAtoms };
}
