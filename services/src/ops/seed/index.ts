// First-run seeding of the demo bank (src/ops/seed/content): atoms, questions with integer ids from
// the counter, variations linked to their originals, beta questions in each atom's
// beta_question_ordering, the demo company, the demo invitation (marked demo: only there does demo mode work) and a second
// company (tenancy can be tried by hand with the dev recruiters).
//
// Idempotent and resumable through one marker document (collection `seed_state`, _id 'demo'):
//   - no marker and the database already has atoms → not an empty database: never seed;
//   - no marker and no atoms → claim the marker and seed;
//   - marker not done (a start that died mid-seed) → resume: the marker maps each seed question's
//     stable key to the id it got, so nothing is created twice;
//   - marker done → nothing to do.
// The marker also keeps the demo invitation and the demo quiz's token, so every start prints the
// same demo link while that quiz can still be taken (see demoQuizLink).
import mongoose, { type Types } from 'mongoose';
import { type Logger, raiseSequence, reserveSequence } from '../../platform';
import {
  createInvitation,
  createQuizForInvitation,
  findOrCreateCompany,
  markInvitationDemo,
  quizLink,
  Invitation,
} from '../../hiring';
import {
  Atom,
  insertSeedAtom,
  insertSeedQuestions,
  setSeedBetaOrdering,
  touchAtomBanks,
  Question,
  QUESTION_COUNTER,
} from '../../content';
import { deleteQuiz, QuizResult, isTakeable } from '../../quiz';
import {
  demoCompany,
  demoInvitation,
  secondCompany,
  seedAtoms,
  type SeedAtom,
  type SeedQuestion,
} from './content';

export const SEED_COLLECTION = 'seed_state';
const MARKER_ID = 'demo';

interface SeedMarker {
  _id: string;
  done: boolean;
  started_at: Date;
  finished_at?: Date;
  /** Seed question key → question id. */
  questions: Record<string, number>;
  demo_invitation?: Types.ObjectId;
  /** Token of the demo invitation's first quiz: the printed demo candidate link. */
  demo_token?: string;
}

export interface SeedResult {
  /** True when this call inserted content. */
  seeded: boolean;
  /** Why nothing was seeded, when it was not. */
  reason?: 'already-seeded' | 'not-empty';
  demoToken?: string;
}

function markers() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('seedIfEmpty needs a connected mongoose');
  return db.collection<SeedMarker>(SEED_COLLECTION);
}

export async function seedIfEmpty(logger: Logger): Promise<SeedResult> {
  const col = markers();
  let marker = await col.findOne({ _id: MARKER_ID });
  if (marker?.done) {
    // A database seeded before companies had slugs gets the second company (and the demo company its slug).
    await seedCompanies();
    return { seeded: false, reason: 'already-seeded', demoToken: marker.demo_token };
  }
  if (!marker) {
    if ((await Atom.estimatedDocumentCount().exec()) > 0) return { seeded: false, reason: 'not-empty' };
    try {
      await col.insertOne({ _id: MARKER_ID, done: false, started_at: new Date(), questions: {} });
    } catch (err) {
      // Another process claimed the seed at the same moment; it seeds, we do not.
      if ((err as { code?: number }).code === 11000) return { seeded: false, reason: 'already-seeded' };
      throw err;
    }
    marker = (await col.findOne({ _id: MARKER_ID }))!;
  } else {
    logger.warn('resuming an unfinished seed');
  }

  const ids = { ...marker.questions };
  for (const atom of seedAtoms) await seedAtom(atom, ids);
  // their banks changed (once for all their questions: the inserts mark none)
  await touchAtomBanks(seedAtoms.map((a) => a.id));

  let { demo_token: demoToken, demo_invitation: demoInvitationId } = marker;
  if (!demoToken) {
    const [company] = await seedCompanies();
    const seededAtoms = new Set(seedAtoms.map((a) => a.id));
    // The demo link: a demo invitation (demo mode may be used on it) that never expires.
    const { invitation, quizzes } = await createInvitation({
      company,
      requiredAtoms: demoInvitation.required_atoms.filter((s) => seededAtoms.has(s)),
      optionalAtoms: demoInvitation.optional_atoms.filter((s) => seededAtoms.has(s)),
      demo: true,
      expiresAt: null,
      createdBy: 'seed',
    });
    demoToken = quizzes[0].token;
    demoInvitationId = invitation._id;
  }
  await col.updateOne(
    { _id: MARKER_ID },
    {
      $set: { done: true, finished_at: new Date(), demo_token: demoToken, demo_invitation: demoInvitationId },
    },
  );
  return { seeded: true, demoToken };

  /**
   * The atom's questions not created yet, in one insert with their ids reserved together, and one
   * write of the marker (a question at a time, the seed was most of a start's 2-3 s). A start that
   * died between the insert and the marker's write finds those questions by their uid, which is
   * the same in every demo product, so nothing is created twice.
   */
  async function seedQuestions(atomId: string, questions: SeedQuestion[], ids: Record<string, number>) {
    const missing = questions.filter((q) => ids[q.key] === undefined);
    if (!missing.length) return;
    const found = await Question.find({ uid: { $in: missing.map(seedUid) } })
      .select({ _id: 1, uid: 1 })
      .lean()
      .exec();
    const idByUid = new Map(found.map((d) => [d.uid, d._id]));
    for (const q of missing) if (idByUid.has(seedUid(q))) ids[q.key] = idByUid.get(seedUid(q))!;
    // Originals before variations (ids in that order, as a question at a time gave them).
    const create = [
      ...missing.filter((q) => ids[q.key] === undefined && !q.variation_of),
      ...missing.filter((q) => ids[q.key] === undefined && q.variation_of),
    ];
    if (create.length) {
      const first = await reserveSequence(QUESTION_COUNTER, create.length);
      create.forEach((q, i) => (ids[q.key] = first + i));
      await insertSeedQuestions(create.map((q) => seedQuestionDoc(atomId, q, ids)));
    }
    await col.updateOne(
      { _id: MARKER_ID },
      { $set: Object.fromEntries(missing.map((q) => [`questions.${q.key}`, ids[q.key]])) },
    );
  }

  async function seedAtom(atom: SeedAtom, ids: Record<string, number>): Promise<void> {
    const { questions, beta_question_keys, id, ...fields } = atom;
    // The atom first (questions reference it); its beta ordering once the ids exist.
    await insertSeedAtom(id, fields);
    await seedQuestions(id, questions, ids);
    const beta = beta_question_keys.map((key) => {
      if (ids[key] === undefined) throw new Error(`atom ${id}: beta question ${key} is not in its questions`);
      return ids[key];
    });
    await setSeedBetaOrdering(id, beta);
    // Keep the counter above every seeded id even if a future seed imports explicit ids.
    await raiseSequence(QUESTION_COUNTER, Math.max(0, ...Object.values(ids)));
  }
}

/** A seed question's uid: the same in every demo product (import and export match on it). */
function seedUid(q: SeedQuestion): string {
  return `demo.${q.key.replace(/[^A-Za-z0-9._:-]/g, '-')}`;
}

/** The stored question for a seed question whose id (and its original's) is in `ids`. */
function seedQuestionDoc(atomId: string, q: SeedQuestion, ids: Record<string, number>) {
  let original: number | null = null;
  if (q.variation_of) {
    original = ids[q.variation_of];
    if (original === undefined)
      throw new Error(`seed question ${q.key} is a variation of unknown ${q.variation_of}`);
  }
  return {
    _id: ids[q.key],
    version: 1,
    question_text: q.question_text,
    code_block: q.code_block,
    code_language: q.code_language,
    language: q.language,
    claim: q.claim,
    difficulty_params: q.difficulty_params,
    administered: q.administered,
    answers: q.answers.map((a) => ({
      text: a.text,
      c: a.c,
      ...(a.position !== undefined ? { position: a.position } : {}),
    })),
    atoms: [atomId],
    original_question_id: original,
    // Seeded questions start ready, with a uid that is the same in every demo product.
    status: 'ready' as const,
    uid: seedUid(q),
    last_edited_by: 'system',
  };
}

/** The demo company and the second company (found by slug, created once); the demo company first. */
async function seedCompanies() {
  return [await findOrCreateCompany(demoCompany), await findOrCreateCompany(secondCompany)];
}

export interface DemoLinkOptions {
  /** ABANDON_GRACE_MINUTES: a page-close older than this counts as abandoned. */
  abandonGraceMinutes: number;
  now?: Date;
}

/**
 * The demo candidate link, once the demo content is seeded (null otherwise). A demo quiz that can
 * no longer be taken (finished, abandoned or expired, e.g. after pass_243) would only show the done
 * or expired page, so a fresh quiz of the demo invitation (new token) replaces it in the marker.
 * An unused or running demo quiz is reused, so repeated starts print the same link.
 */
export async function demoQuizLink(publicUrl: string, opts: DemoLinkOptions): Promise<string | null> {
  const col = markers();
  const marker = await col.findOne({ _id: MARKER_ID });
  if (!marker?.demo_token) return null;
  const quiz = await QuizResult.findOne({ token: marker.demo_token }).lean().exec();
  // The quiz may have been deleted by an admin tool; do not print a dead link.
  if (!quiz) return null;
  if (quiz.invitation && !quiz.demo) {
    // Seeded before invitations had a demo flag: the demo invitation and its quizzes become demo ones.
    await markInvitationDemo(quiz.invitation);
  }
  if (isTakeable(quiz, opts.now ?? new Date(), opts.abandonGraceMinutes))
    return quizLink(publicUrl, marker.demo_token);

  const invitation = quiz.invitation ? await Invitation.findById(quiz.invitation).lean().exec() : null;
  if (!invitation) return null;
  const fresh = await createQuizForInvitation(invitation, quiz.atom_ids);
  // Conditional on the old token: of two processes starting at once, one replacement wins and
  // the other drops its quiz and prints the winner's.
  const swapped = await col.updateOne(
    { _id: MARKER_ID, demo_token: marker.demo_token },
    { $set: { demo_token: fresh.token } },
  );
  if (swapped.modifiedCount === 1) return quizLink(publicUrl, fresh.token);
  await deleteQuiz(fresh._id);
  const winner = await col.findOne({ _id: MARKER_ID });
  return winner?.demo_token ? quizLink(publicUrl, winner.demo_token) : null;
}
