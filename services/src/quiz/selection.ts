// Choosing questions: freezing the quiz plan, and picking the question for the next slot with the
// adaptive engine (maximum information at the atom's estimate, exposure control, claim balancing,
// one question per variation family, nothing seen twice).
import { familyKey, selectFromBank } from '@skillquiz/adaptive';
import { CONSTANTS } from '@skillquiz/contracts';
import { servedOrder } from './answer-order';
import { prepareAtomBank } from './bank-cache';
import { dropBeta, slotsOf, truncateAtom, type AtomPlan, type Slot } from './plan';
import type { AtomBank, AtomRecord, BankRecord, QuestionRecord, QuizStore } from './store-types';
import { isTwinOfTaken, takenFamilyIds, type FamilyMember } from './twins';
import type { QuizState, ServedQuestion } from './types';

/** A question can be served only when ready with at least two answers, one of them correct. */
export function isServable(q: Pick<QuestionRecord, 'answers' | 'ready'>): boolean {
  return q.ready !== false && q.answers.length >= 2 && q.answers.some((a) => a.c === true);
}

const familyOf = (q: Pick<BankRecord, 'id' | 'original_question_id'>): string =>
  familyKey({
    id: String(q.id),
    original_question_id: q.original_question_id == null ? null : String(q.original_question_id),
  });

/** The served questions of a quiz as family members (their snapshot keeps the original's id). */
function servedMembers(state: QuizState): FamilyMember[] {
  return state.served.map((q) => ({
    id: q.question_id,
    original_question_id: q.snapshot.original_question_id,
  }));
}

/** The beta questions a plan reserves, as family members. */
function reservedMembers(plan: readonly AtomPlan[]): FamilyMember[] {
  return plan
    .filter((p) => p.beta_question_id != null)
    .map((p) => ({ id: p.beta_question_id!, original_question_id: p.beta_original_question_id ?? null }));
}

/**
 * The plan of SPEC §3's quiz: per atom, the beta question (first servable id of
 * beta_question_ordering that is a question of the atom and no twin of a question this quiz already holds or reserves) and
 * the scored count (num_questions, capped by the number of variation families its scored bank
 * holds, leaving out the beta question's family: a quiz never serves twins).
 */
export async function buildPlan(state: QuizState, store: QuizStore): Promise<AtomPlan[]> {
  const atoms = await store.atoms(state.atom_ids);
  const taken = takenFamilyIds(servedMembers(state));
  const plan: AtomPlan[] = [];
  for (const atomId of state.atom_ids) {
    const atom = atoms.get(atomId);
    if (!atom) {
      plan.push({ atom_id: atomId, scored: 0, beta_question_id: null }); // atom deleted since the invitation
      continue;
    }
    let beta: QuestionRecord | null = null;
    for (const id of atom.beta_question_ordering) {
      const q = await store.question(id);
      // A beta entry that is not a question of this atom (the ordering was stored around the
      // content API's check, or the question was detached since) is skipped, never served here.
      const ofAtom = q != null && (!q.atoms || q.atoms.includes(atomId));
      if (q && ofAtom && isServable(q) && !isTwinOfTaken(q, taken)) {
        beta = q;
        for (const t of takenFamilyIds([q])) taken.add(t);
        break;
      }
    }
    const families = familiesApartFrom(await bankOf(store, atom), taken);
    const scored = Math.min(
      atom.num_questions > 0 ? atom.num_questions : CONSTANTS.DEFAULT_NUM_QUESTIONS,
      families,
    );
    plan.push({
      atom_id: atomId,
      scored,
      beta_question_id: beta ? beta.id : null,
      beta_original_question_id: beta ? beta.original_question_id : null,
    });
  }
  return plan;
}

/**
 * How many variation families of the bank hold a question that is no twin of `taken` (the served and
 * reserved questions' family ids). Only when a taken id is in the bank, as a question or as an original,
 * are its questions gone through; otherwise it is the bank's count, kept with it.
 */
function familiesApartFrom(bank: AtomBank, taken: ReadonlySet<number>): number {
  const { prepared } = bank;
  const touches = [...taken].some((id) => bank.positionOf.has(id) || prepared.familyIndex.has(String(id)));
  if (!touches) return bank.families;
  const left = new Set<number>();
  for (let at = 0; at < prepared.order.length; at++) {
    const item = prepared.items[prepared.order[at]];
    const member = {
      id: Number(item.id),
      original_question_id: item.original_question_id == null ? null : Number(item.original_question_id),
    };
    if (!isTwinOfTaken(member, taken)) left.add(prepared.familyOf[at]);
  }
  return left.size;
}

/**
 * The atom's scored bank prepared for the selector: the one the store keeps between answers (bank-cache.ts),
 * or, for a store that keeps none, one prepared for this call.
 */
async function bankOf(store: QuizStore, atom: AtomRecord): Promise<AtomBank> {
  return store.banks ? store.banks.get(atom) : prepareAtomBank(await store.bank(atom.id), atom);
}

/**
 * Whether a question picked from a prepared bank may still be served for `atomId`: it is still administered
 * and lists the atom, and (when the bank is kept between answers) it has the version it was prepared with;
 * a kept bank that missed a change is dropped, so the next selection prepares it again.
 */
async function stillInBank(
  store: QuizStore,
  q: QuestionRecord,
  atomId: string,
  bank: AtomBank,
): Promise<boolean> {
  if (q.administered === false || (q.atoms && !q.atoms.includes(atomId))) {
    store.banks?.drop(atomId);
    return false;
  }
  const prepared = bank.versionOf.get(q.id);
  if (prepared !== undefined && prepared !== null && q.version != null && prepared !== q.version)
    store.banks?.drop(atomId);
  return true;
}

/** Builds the served record of a question for a slot: content snapshot, answers in served order. */
export function servedRecord(q: QuestionRecord, slot: Slot, now: Date): ServedQuestion {
  return {
    number: slot.number,
    question_id: q.id,
    atom_id: slot.atom_id,
    scored: slot.kind === 'scored',
    snapshot: {
      question_text: q.question_text,
      code_block: q.code_block,
      code_language: q.code_language,
      claim: q.claim,
      difficulty_params: { a: q.difficulty_params.a, d: q.difficulty_params.d },
      original_question_id: q.original_question_id,
      version: q.version,
      answers: servedOrder(q.answers).map((a) => ({ text: a.text, hash_id: a.hash_id, c: a.c === true })),
    },
    selected_at: now,
    served_at: null,
    expires_at: null,
    answered_at: null,
    answer: null,
    answer_position: null,
    correct: null,
    timed_out: false,
    post_skill_estimate: null,
    post_skill_estimate_error: null,
  };
}

export interface Advance {
  state: QuizState;
  /** Question ids newly chosen (their exposure is recorded once the write wins). */
  exposed: number[];
  /** Atoms started by freezing the plan (their administration count is recorded likewise). */
  administered: string[];
}

/**
 * Chooses the question for the next open slot and appends it to `served` (clock not started).
 * Freezes the plan first if the quiz has none. An atom whose bank runs dry ends early and a beta
 * question deleted meanwhile is dropped, both by adjusting the plan so numbering stays gap-free.
 * Returns the state unchanged (no new entry) when no slot is left.
 */
export async function chooseNext(state: QuizState, store: QuizStore, now: Date): Promise<Advance> {
  const administered: string[] = [];
  let plan = state.plan;
  if (!plan) {
    plan = await buildPlan(state, store);
    administered.push(...plan.filter((p) => p.scored > 0).map((p) => p.atom_id));
  }
  const excluded = new Set<number>(); // chosen but vanished before we could load it
  for (;;) {
    const slots = slotsOf(plan);
    const slot = slots[state.served.length];
    if (!slot) return { state: { ...state, plan }, exposed: [], administered };

    if (slot.kind === 'beta') {
      const q = await store.question(slot.question_id);
      // A twin of a question already served (possible only for plans frozen before the twin rule,
      // or after an edit made it one) is dropped like a deleted beta question.
      if (!q || !isServable(q) || isTwinOfTaken(q, takenFamilyIds(servedMembers(state)))) {
        plan = dropBeta(plan, slot.atom_id);
        continue;
      }
      return appendServed(state, plan, servedRecord(q, slot, now), administered);
    }

    const picked = await pickScored(state, plan, slot, store, excluded);
    if (picked === null) {
      const scoredServed = state.served.filter((q) => q.atom_id === slot.atom_id && q.scored).length;
      plan = truncateAtom(plan, slot.atom_id, scoredServed);
      continue;
    }
    const q = await store.question(picked.id);
    if (!q || !isServable(q) || !(await stillInBank(store, q, slot.atom_id, picked.bank))) {
      excluded.add(picked.id);
      continue;
    }
    return appendServed(state, plan, servedRecord(q, slot, now), administered);
  }
}

function appendServed(
  state: QuizState,
  plan: AtomPlan[],
  record: ServedQuestion,
  administered: string[],
): Advance {
  return {
    state: { ...state, plan, served: [...state.served, record] },
    exposed: [record.question_id],
    administered,
  };
}

/** The most useful scored question for this slot's atom (its id and the bank it came from), or null. */
async function pickScored(
  state: QuizState,
  plan: AtomPlan[],
  slot: Slot,
  store: QuizStore,
  excluded: ReadonlySet<number>,
): Promise<{ id: number; bank: AtomBank } | null> {
  const atoms = await store.atoms([slot.atom_id]);
  const atom = atoms.get(slot.atom_id);
  if (!atom) return null;
  // Beta questions planned anywhere in this quiz are reserved for their slot. Neither a served nor
  // a reserved question's twin may be chosen: the engine skips an item whose own id or original's
  // id is in `seenIds`, so every id their families go through is listed (twins.ts).
  const taken = takenFamilyIds([...servedMembers(state), ...reservedMembers(plan)]);
  const seen = new Set<string>([...taken].map(String));
  for (const id of excluded) seen.add(String(id));
  const seenFamilies = new Set<string>(
    state.served.map((q) =>
      familyOf({ id: q.question_id, original_question_id: q.snapshot.original_question_id }),
    ),
  );
  const claimCounts = new Map<string, number>();
  for (const q of state.served) {
    if (q.atom_id !== slot.atom_id || !q.scored) continue;
    const c = q.snapshot.claim ?? '';
    claimCounts.set(c, (claimCounts.get(c) ?? 0) + 1);
  }
  const estimate = state.estimates.find((e) => e.atom_id === slot.atom_id);
  const bank = await bankOf(store, atom);
  // The bank kept between answers: nothing here is proportional to its size but the selector's own pass.
  const choice = selectFromBank(bank.prepared, {
    theta: estimate?.estimate ?? 0,
    seenIds: seen,
    seenFamilies,
    claimCounts,
    exposureByPosition: bank.exposure,
    totalAdministrations: Math.max(1, await store.administrations(slot.atom_id)),
  });
  return choice ? { id: Number(choice.item.id), bank } : null;
}
