// Choice of the next question for an atom: maximum Fisher information at the current estimate,
// restricted by eligibility, an exposure cap and claim balancing, then randomesque among the top k.
import { DifficultyParams } from './model';
import { Rng } from './rng';

/** A question of the atom's bank as the selector needs it. */
export interface BankItem extends DifficultyParams {
  id: string;
  /** Topic label; items without one form their own group for balancing. */
  claim?: string | null;
  /** Set on a variation: the id of the question it varies. */
  original_question_id?: string | null;
}

/** Counts keyed by id or claim, as a Map or a plain object. */
export type CountLookup = ReadonlyMap<string, number> | Readonly<Record<string, number>>;
/** Ids as a Set (fastest) or an array. */
export type IdCollection = ReadonlySet<string> | readonly string[];

/** What the server knows about this candidate and this atom at the moment of choosing. */
export interface SelectionState {
  /** Current theta estimate (EAP) for the atom. */
  theta: number;
  /** Ids of every question this candidate has been served (any atom). */
  seenIds?: IdCollection;
  /** Family keys already used, for seen questions that are not in `items`. */
  seenFamilies?: IdCollection;
  /** How many questions of each claim this candidate has been served in this atom. */
  claimCounts?: CountLookup;
  /** Recorded exposures per question id (how many candidates were served it). */
  exposureCounts?: CountLookup;
  /** Administrations of this atom the exposure counts are relative to (include the current one). */
  totalAdministrations?: number;
}

export interface SelectionOptions {
  /** Randomesque: pick uniformly among the k most informative admissible items. Default 5. */
  topK?: number;
  /** Skip items whose exposure rate (count / total) is at or above this, while others remain. Default 0.25; 1 disables. */
  exposureCap?: number;
  /**
   * Claim balancing tolerance (relative): a claim competes if its best item has at least
   * (1 - tolerance) of the best information; among competing claims the least served wins.
   * Default 0.2; a negative value disables balancing.
   */
  claimTolerance?: number;
  /** Uniform [0, 1) source. Default Math.random; pass createRng(seed) for reproducibility. */
  rng?: Rng;
}

export const DEFAULT_SELECTION_OPTIONS = Object.freeze({ topK: 5, exposureCap: 0.25, claimTolerance: 0.2 });

export interface Selection<T extends BankItem> {
  item: T;
  /** Index of the item in the `items` array. */
  index: number;
  /** Its Fisher information at state.theta. */
  information: number;
}

/** Variation family of a question: its original's id, or its own id for an original. */
export function familyKey(item: Pick<BankItem, 'id' | 'original_question_id'>): string {
  return item.original_question_id ?? item.id;
}

function lookup(counts: CountLookup | undefined, key: string): number {
  if (!counts) return 0;
  const v = counts instanceof Map ? counts.get(key) : (counts as Readonly<Record<string, number>>)[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

function asSet(ids: IdCollection | undefined): ReadonlySet<string> | undefined {
  if (!ids) return undefined;
  return ids instanceof Set ? ids : new Set(ids as readonly string[]);
}

// Scratch buffers reused across calls (single-threaded JS): no per-call allocation proportional to the bank.
let infoBuf = new Float64Array(0);
let flagBuf = new Uint8Array(0); // 0 = ineligible, 1 = under the exposure cap, 2 = at/over it
let claimBuf = new Int32Array(0); // index of the item's claim in this call's claim list
function ensureScratch(n: number): void {
  if (infoBuf.length < n) {
    const size = Math.max(n, infoBuf.length * 2);
    infoBuf = new Float64Array(size);
    flagBuf = new Uint8Array(size);
    claimBuf = new Int32Array(size);
  }
}

/**
 * The next question, or null when no eligible question is left.
 *
 * 1. Eligible: not seen, and not of a variation family already seen (family = original_question_id ?? id).
 * 2. Exposure: with total > 0, an item whose count / total >= exposureCap is skipped as long as
 *    any eligible item is below the cap.
 * 3. Claim balancing: a claim is competitive when its best admissible item has information
 *    >= (1 - tolerance) times the overall best; let m = the fewest questions served so far in
 *    this atom among competitive claims; items of claims served more than m are dropped.
 * 4. Randomesque: uniform choice among the topK most informative remaining items.
 *
 * Cost: one pass over the bank with about three hash lookups per item, plus a short second
 * pass; nothing is cached between calls, so nothing can go stale.
 */
export function selectNextItem<T extends BankItem>(
  items: readonly T[],
  state: SelectionState,
  options: SelectionOptions = {},
): Selection<T> | null {
  const theta = state.theta;
  if (!Number.isFinite(theta)) throw new RangeError(`theta must be finite, got ${theta}`);
  const topK = Math.max(1, Math.floor(options.topK ?? DEFAULT_SELECTION_OPTIONS.topK));
  const cap = options.exposureCap ?? DEFAULT_SELECTION_OPTIONS.exposureCap;
  const tolerance = options.claimTolerance ?? DEFAULT_SELECTION_OPTIONS.claimTolerance;
  const rng = options.rng ?? Math.random;
  const n = items.length;
  ensureScratch(n);

  const seen = asSet(state.seenIds);
  const seenFamilies = asSet(state.seenFamilies);
  const checkFamilies = seenFamilies !== undefined && seenFamilies.size > 0;
  const total = state.totalAdministrations ?? 0;
  const exposure = cap < 1 && total > 0 ? state.exposureCounts : undefined;
  const claimCounts = tolerance >= 0 ? state.claimCounts : undefined;
  const claimIndex = claimCounts ? new Map<string, number>() : undefined;
  const claimNames: string[] = [];
  const bestUnder: number[] = []; // per claim: best information among items under the cap
  const bestAny: number[] = []; // per claim: best information among all eligible items
  // Families of seen variations: their original's id is not in `seen`, so they are collected
  // here and applied in a fix-up pass (siblings may come earlier in the array).
  let lateFamilies: Set<string> | undefined;

  // Pass 1: eligibility, information, exposure flag, claim bests.
  let under = 0;
  let over = 0;
  for (let i = 0; i < n; i++) {
    const it = items[i];
    const original = it.original_question_id;
    if (seen) {
      if (seen.has(it.id)) {
        if (original != null && !seen.has(original)) (lateFamilies ??= new Set()).add(original);
        flagBuf[i] = 0;
        continue;
      }
      if (original != null && seen.has(original)) {
        flagBuf[i] = 0;
        continue;
      }
    }
    if (checkFamilies && seenFamilies!.has(original ?? it.id)) {
      flagBuf[i] = 0;
      continue;
    }
    const p = 1 / (1 + Math.exp(-(it.a * theta + it.d)));
    const raw = it.a * it.a * p * (1 - p);
    const info = Number.isFinite(raw) ? raw : 0;
    infoBuf[i] = info;
    let isOver = false;
    if (exposure) isOver = lookup(exposure, it.id) / total >= cap;
    flagBuf[i] = isOver ? 2 : 1;
    if (isOver) over++;
    else under++;
    if (claimIndex) {
      const claim = it.claim ?? '';
      let c = claimIndex.get(claim);
      if (c === undefined) {
        c = claimNames.length;
        claimIndex.set(claim, c);
        claimNames.push(claim);
        bestUnder.push(-1);
        bestAny.push(-1);
      }
      claimBuf[i] = c;
      if (info > bestAny[c]) bestAny[c] = info;
      if (!isOver && info > bestUnder[c]) bestUnder[c] = info;
    }
  }
  if (lateFamilies) {
    for (let i = 0; i < n; i++) {
      const f = flagBuf[i];
      if (f === 0 || !lateFamilies.has(familyKey(items[i]))) continue;
      flagBuf[i] = 0;
      if (f === 2) over--;
      else under--;
    }
    // Claim bests may include a now-excluded item; recompute them from the flags.
    if (claimIndex) {
      bestUnder.fill(-1);
      bestAny.fill(-1);
      for (let i = 0; i < n; i++) {
        const f = flagBuf[i];
        if (f === 0) continue;
        const c = claimBuf[i];
        if (infoBuf[i] > bestAny[c]) bestAny[c] = infoBuf[i];
        if (f === 1 && infoBuf[i] > bestUnder[c]) bestUnder[c] = infoBuf[i];
      }
    }
  }
  if (under + over === 0) return null;
  const admissibleMax = under > 0 ? 1 : 2; // flag <= admissibleMax is admissible

  // Claim balancing: the least served of the competitive claims sets the bar; claims served more
  // than that are dropped. Dropping only over-served claims (rather than keeping one claim)
  // leaves the top-k mixed when the best claim is itself among the least served.
  let claimAllowed: boolean[] | undefined;
  if (claimIndex && claimNames.length > 1) {
    const bests = admissibleMax === 1 ? bestUnder : bestAny;
    const best = Math.max(...bests);
    let maxServed = Infinity;
    const served = claimNames.map((c) => lookup(claimCounts, c));
    for (let c = 0; c < claimNames.length; c++) {
      if (bests[c] >= 0 && bests[c] >= (1 - tolerance) * best) maxServed = Math.min(maxServed, served[c]);
    }
    claimAllowed = served.map((s) => s <= maxServed);
  }

  // Pass 3: top-k by information (small insertion-sorted arrays), then a uniform pick.
  const topIdx: number[] = [];
  const topInfo: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = flagBuf[i];
    if (f === 0 || f > admissibleMax) continue;
    if (claimAllowed && !claimAllowed[claimBuf[i]]) continue;
    const v = infoBuf[i];
    if (topIdx.length === topK && v <= topInfo[topK - 1]) continue;
    let j = topIdx.length === topK ? topK - 1 : topIdx.length;
    while (j > 0 && topInfo[j - 1] < v) {
      topInfo[j] = topInfo[j - 1];
      topIdx[j] = topIdx[j - 1];
      j--;
    }
    topInfo[j] = v;
    topIdx[j] = i;
  }
  const pick = Math.min(topIdx.length - 1, Math.floor(rng() * topIdx.length));
  const index = topIdx[pick];
  return { item: items[index], index, information: topInfo[pick] };
}
