// Variation families: a quiz never serves two questions of one family ("twins"), the
// unscored beta question included. Two questions are twins when one is the other's original, or
// both are variations of the same original: their id sets { id, original_question_id } meet.
// A chain of variations of variations is checked link by link (each question against its direct
// original); the adaptive engine's own family rule (original ?? id) adds the siblings of a seen
// variation's original.

export interface FamilyMember {
  id: number;
  original_question_id: number | null;
}

/** The ids a question shares its family through: its own and its original's. */
export function familyIds(q: FamilyMember): number[] {
  return q.original_question_id == null ? [q.id] : [q.id, q.original_question_id];
}

/** Every id the given questions' families go through: a question meeting it is a twin of one of them. */
export function takenFamilyIds(questions: Iterable<FamilyMember>): Set<number> {
  const taken = new Set<number>();
  for (const q of questions) for (const id of familyIds(q)) taken.add(id);
  return taken;
}

/** True when `q` is a twin of one of the questions `taken` was made from. */
export function isTwinOfTaken(q: FamilyMember, taken: ReadonlySet<number>): boolean {
  return familyIds(q).some((id) => taken.has(id));
}

export function areTwins(a: FamilyMember, b: FamilyMember): boolean {
  return isTwinOfTaken(a, takenFamilyIds([b]));
}
