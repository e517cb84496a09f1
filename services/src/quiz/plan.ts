// The quiz plan: which atom each question number belongs to, and where the unscored beta question
// of an atom goes. Pure functions over a small stored plan, so numbering is decided in one place.
//
// Rule (documented in services/README.md, "Quiz API"):
// - Atoms come in the quiz's order; each atom serves `scored` scored questions (its num_questions,
//   capped by what its bank can supply when the plan is frozen).
// - At most one unscored beta question per atom: the first id of the atom's beta_question_ordering
//   that exists and that this candidate has not seen. It is served right after the atom's
//   BETA_AFTER_SCORED-th scored question (or after its last one, when the atom has fewer).
// - Every served question gets a number 1..total; an atom's reported num_questions counts its beta
//   question too, so 'Question N / total' is honest and the candidate cannot tell which is unscored.

/** The beta question comes after this many scored questions of its atom. */
export const BETA_AFTER_SCORED = 3;

export interface AtomPlan {
  atom_id: string;
  /** Scored questions this atom serves. */
  scored: number;
  /** Integer id of the unscored beta question served inside this atom's run, or null. */
  beta_question_id: number | null;
  /**
   * The beta question's original_question_id, kept so the scored questions chosen before it are
   * never its twins (twins.ts). Absent in plans frozen before variation families existed.
   */
  beta_original_question_id?: number | null;
}

export type Slot =
  | { number: number; atom_id: string; kind: 'scored' }
  | { number: number; atom_id: string; kind: 'beta'; question_id: number };

/** Questions served for one atom (what the candidate sees as that atom's num_questions). */
export function servedCountOf(atom: AtomPlan): number {
  if (atom.scored <= 0) return 0;
  return atom.scored + (atom.beta_question_id != null ? 1 : 0);
}

/** The whole quiz as numbered slots: slot i is question number i + 1. */
export function slotsOf(plan: readonly AtomPlan[]): Slot[] {
  const slots: Slot[] = [];
  for (const atom of plan) {
    if (atom.scored <= 0) continue; // an atom with nothing to score serves nothing (not even beta)
    const betaAt = Math.min(BETA_AFTER_SCORED, atom.scored);
    for (let k = 1; k <= atom.scored; k++) {
      slots.push({ number: slots.length + 1, atom_id: atom.atom_id, kind: 'scored' });
      if (k === betaAt && atom.beta_question_id != null) {
        slots.push({
          number: slots.length + 1,
          atom_id: atom.atom_id,
          kind: 'beta',
          question_id: atom.beta_question_id,
        });
      }
    }
  }
  return slots;
}

export function totalQuestions(plan: readonly AtomPlan[]): number {
  return plan.reduce((sum, a) => sum + servedCountOf(a), 0);
}

/**
 * Ends an atom's scored run early (its bank ran dry): keeps only the scored questions already
 * served, so later numbers shift down and the total stays the number actually served. The beta
 * question, if not served yet, moves up to just after the last scored one (slotsOf's min rule).
 */
export function truncateAtom(plan: readonly AtomPlan[], atomId: string, scoredServed: number): AtomPlan[] {
  return plan.map((a) => (a.atom_id === atomId ? { ...a, scored: scoredServed } : a));
}

/** Drops an atom's beta question (it was deleted after the plan was made). */
export function dropBeta(plan: readonly AtomPlan[], atomId: string): AtomPlan[] {
  return plan.map((a) => (a.atom_id === atomId ? { ...a, beta_question_id: null } : a));
}
