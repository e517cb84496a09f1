// Which atoms a candidate can actually take: an atom is offered to recruiters (GET /api/hiring/atoms,
// the invite page, the bulk CSV, `npm run invite`) only when its bank holds enough questions ready
// to serve for its num_questions; inviting to any other is a 400 naming it. "Ready to serve" is what
// the quiz would pick (quiz/store.ts loadBank, quiz/selection.ts isServable): administered, reviewed
// (not draft or in review), at least two answers with a correct one, not one of the atom's unscored
// beta questions; and twins (one variation family) count once, since a quiz never serves two.
import { CONSTANTS } from '@skillquiz/contracts';
import { badRequest } from '../../platform';
import { Atom, Question, READY_FILTER } from '../../content';

export interface AtomAvailability {
  id: string;
  name: string;
  /** Scored questions a quiz of this atom asks (num_questions, or the default when unset). */
  needed: number;
  /** Variation families of questions ready to serve. */
  ready: number;
  takeable: boolean;
}

interface BankLean {
  _id: number;
  atoms: string[];
  original_question_id?: number | null;
  answers?: { c?: boolean }[];
}

/** The availability of these atoms (every atom when `ids` is omitted), by id; unknown ids are absent. */
export async function atomAvailability(ids?: readonly string[]): Promise<Map<string, AtomAvailability>> {
  const atoms = await Atom.find(ids ? { _id: { $in: [...ids] } } : {})
    .select({ name: 1, num_questions: 1, beta_question_ordering: 1 })
    .lean()
    .exec();
  const out = new Map<string, AtomAvailability>();
  if (!atoms.length) return out;
  // Only what the count needs: atoms, family and each answer's correct flag (not texts).
  const questions = await Question.find({
    atoms: { $in: atoms.map((a) => a._id) },
    administered: true,
    ...READY_FILTER,
  })
    .select({ atoms: 1, original_question_id: 1, 'answers.c': 1 })
    .lean<BankLean[]>()
    .exec();
  for (const atom of atoms) {
    const beta = new Set(atom.beta_question_ordering ?? []);
    const families = new Set<number>();
    for (const q of questions) {
      if (!q.atoms.includes(atom._id) || beta.has(q._id)) continue;
      const answers = q.answers ?? [];
      if (answers.length < 2 || !answers.some((a) => a.c === true)) continue;
      families.add(q.original_question_id ?? q._id);
    }
    const needed = (atom.num_questions ?? 0) > 0 ? atom.num_questions! : CONSTANTS.DEFAULT_NUM_QUESTIONS;
    out.set(atom._id, {
      id: atom._id,
      name: atom.name,
      needed,
      ready: families.size,
      takeable: families.size >= needed,
    });
  }
  return out;
}

/** Why an atom cannot be invited to, for the 400 and the bulk preview's row errors. */
export function notTakeableMessage(a: AtomAvailability): string {
  return `atom ${a.id} (${a.name}) cannot be taken yet: ${a.ready} of the ${a.needed} questions a quiz needs are ready to serve`;
}

/** The atoms of `ids` that exist but cannot be taken yet. */
export async function untakeableAtoms(ids: readonly string[]): Promise<AtomAvailability[]> {
  if (!ids.length) return [];
  const av = await atomAvailability([...new Set(ids)]);
  return [...av.values()].filter((a) => !a.takeable);
}

/** Throws a 400 naming every atom of `ids` that cannot be taken yet (unknown ones are checked elsewhere). */
export async function assertAtomsTakeable(ids: readonly string[]): Promise<void> {
  const bad = await untakeableAtoms(ids);
  if (bad.length) throw badRequest(bad.map(notTakeableMessage).join('; '));
}
