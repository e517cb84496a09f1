// `npm run invite -- --company <name|slug> --atoms <slug,...> [--optional <slug,...>] [--name ..]
//   [--email ..] [--expires <date|Nd|never>] [--extra-time 0|25|50|100] [--demo]`
// Creates (or finds) the company, creates the invitation with one quiz per atom through
// createInvitation (the hiring API's own function), and prints the candidate link. Talks to the same database as the services: MONGODB_URI, else the engine of a
// running `npm start` (DATA_DIR/running.json), else an embedded engine started just for this run.
import { HttpError } from '../platform';
import {
  assertAtomsExist,
  createInvitation,
  findCompany,
  findOrCreateCompany,
  parseExpiry,
  quizLink,
  assertAtomsTakeable,
} from '../hiring';
import { productEvents } from '../composition';
import { seedIfEmpty } from '../ops';
import { INVITE_USAGE, parseInviteArgs, UsageError } from './args';
import { cliConfig, withCliDatabase } from './database';
import { runMain } from './run';

async function main(): Promise<number> {
  let args;
  try {
    args = parseInviteArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message) console.error(`invite: ${err.message}\n`);
      console.error(INVITE_USAGE);
      return 2;
    }
    throw err;
  }
  try {
    return await withCliDatabase(async ({ config, logger }) => {
      // A fresh checkout has no atoms until the first start; seed so the demo atoms can be invited.
      await seedIfEmpty(logger);
      // Check before writing anything, so a typo leaves no stray company behind.
      await assertAtomsExist([...args.requiredAtoms, ...args.optionalAtoms]);
      await assertAtomsTakeable([...args.requiredAtoms, ...args.optionalAtoms]);
      const company =
        (await findCompany(args.company)) ??
        (await findOrCreateCompany({ name: args.company, support_email: config.supportEmail }));
      const now = new Date();
      const expires = args.expires;
      const { invitation, quizzes } = await createInvitation({
        company,
        requiredAtoms: args.requiredAtoms,
        optionalAtoms: args.optionalAtoms,
        candidateName: args.name,
        candidateEmail: args.email,
        expiresAt:
          expires === undefined
            ? undefined
            : expires === 'never'
              ? null
              : 'days' in expires
                ? new Date(now.getTime() + expires.days * 24 * 3600_000)
                : parseExpiry(expires.date),
        extraTimePercent: args.extraTimePercent,
        demo: args.demo,
        createdBy: 'cli',
        now,
        // The invitation's email job is enqueued from here; should this process die first, the
        // running services' reconciliation pass enqueues it (the intent is on the invitation).
        events: productEvents(config, logger),
        mail: config,
      });
      console.log(
        `Invitation for ${company.name}: ${args.requiredAtoms.join(', ')}` +
          (args.optionalAtoms.length ? ` (optional: ${args.optionalAtoms.join(', ')})` : ''),
      );
      console.log(
        `  id ${String(invitation._id)}` +
          (invitation.candidate_name || invitation.candidate_email
            ? `, candidate ${[invitation.candidate_name, invitation.candidate_email && `<${invitation.candidate_email}>`].filter(Boolean).join(' ')}`
            : '') +
          `, expires ${invitation.expires_at ? invitation.expires_at.toISOString() : 'never'}` +
          (invitation.extra_time_percent ? `, +${invitation.extra_time_percent}% time per question` : '') +
          (invitation.demo ? ', demo invitation (demo mode allowed on it)' : ''),
      );
      console.log(`Candidate link: ${quizLink(config.publicUrl, quizzes[0].token)}`);
      if (quizzes.length > 1) {
        console.log('Each atom is its own quiz; the done page links to the next one:');
        quizzes.forEach((q) =>
          console.log(`  ${q.atom_ids.join(', ')}: ${quizLink(config.publicUrl, q.token)}`),
        );
      }
      return 0;
    });
  } catch (err) {
    if (err instanceof HttpError) {
      console.error(`invite: ${err.message}`);
      return 1;
    }
    if ((err as { code?: string }).code === 'ELOCKED' || /lock/i.test(String((err as Error).message))) {
      console.error(
        `invite: the database in ${cliConfig().dataDir} is in use by another process. ` +
          'Run this while `npm start` is running (it shares its database), or stop that process.',
      );
      return 1;
    }
    throw err;
  }
}

if (require.main === module) runMain('invite', main);
