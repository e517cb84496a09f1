// Choice of the next question for an atom: maximum Fisher information at the current estimate,
// discounted by an exposure price, restricted by eligibility, an exposure cap and claim
// balancing, then randomesque among the top k.
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
  /**
   * Scored questions already served to this candidate in this atom (0 for the first). Sets the
   * position factor of the exposure price. Default: the sum of `claimCounts`, which is the same
   * number when the caller counts every served question there.
   */
  itemsServed?: number;
}

export interface SelectionOptions {
  /** Randomesque: pick uniformly among the k best-scored admissible items. Default 3. */
  topK?: number;
  /** Skip items whose exposure rate (count / total) is at or above this, while others remain. Default 0.25; 1 disables. */
  exposureCap?: number;
  /**
   * Exposure price: an item under the cap with usage u = rate / exposureCap is ranked by
   * information - exposurePrice * (best information) * u / (1 - u), so heavily used items go to the
   * candidates who gain most from them instead of to whoever asks first. Default 0.02; 0 disables
   * (plain maximum information under the hard cap). Has no effect when the cap is off.
   */
  exposurePrice?: number;
  /**
   * Position factor of the exposure price: the price is multiplied by
   * ((itemsServed + 1) / positionScale) ^ positionPower, so it is near zero for the first questions
   * and grows over the test. Heavily used (scarce, highly informative) items then go to early
   * positions, where a unit of information lowers the error most (the variance drop of an item is
   * about I / J^2 for test information J, and J grows roughly linearly with the position).
   * Default 2; 0 makes the price the same at every position.
   */
  positionPower?: number;
  /** Position (1-based) at which the position factor is 1. Default 10. */
  positionScale?: number;
  /**
   * Claim balancing tolerance (relative): a claim competes if its best item has at least
   * (1 - tolerance) of the best information; among competing claims the least served wins.
   * Default 0.1; a negative value disables balancing.
   */
  claimTolerance?: number;
  /** Uniform [0, 1) source. Default Math.random; pass createRng(seed) for reproducibility. */
  rng?: Rng;
}

export const DEFAULT_SELECTION_OPTIONS = Object.freeze({
  topK: 3,
  exposureCap: 0.25,
  exposurePrice: 0.02,
  positionPower: 2,
  positionScale: 10,
  claimTolerance: 0.1,
});

export interface Selection<T extends BankItem> {
  item: T;
  /** Index of the item in the `items` array. */
  index: number;
  /** Its Fisher information at state.theta (before any exposure price). */
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

/** Questions served so far in this atom: state.itemsServed, else the sum of claimCounts. */
function itemsServed(state: SelectionState): number {
  if (state.itemsServed !== undefined)
    return Number.isFinite(state.itemsServed) ? Math.max(0, state.itemsServed) : 0;
  const counts = state.claimCounts;
  if (!counts) return 0;
  let sum = 0;
  if (counts instanceof Map) {
    for (const v of counts.values()) if (typeof v === 'number' && Number.isFinite(v)) sum += v;
  } else {
    for (const v of Object.values(counts as Readonly<Record<string, number>>))
      if (typeof v === 'number' && Number.isFinite(v)) sum += v;
  }
  return Math.max(0, sum);
}

function asSet(ids: IdCollection | undefined): ReadonlySet<string> | undefined {
  if (!ids) return undefined;
  return ids instanceof Set ? ids : new Set(ids as readonly string[]);
}

// Scratch buffers reused across calls (single-threaded JS): no per-call allocation proportional to the bank.
let infoBuf = new Float64Array(0); // Fisher information at theta
let scoreBuf = new Float64Array(0); // information minus the exposure price: what is ranked
let usageBuf = new Float64Array(0); // exposure rate / cap
let flagBuf = new Uint8Array(0); // 0 = ineligible, 1 = under the exposure cap, 2 = at/over it
let claimBuf = new Int32Array(0); // index of the item's claim in this call's claim list
function ensureScratch(n: number): void {
  if (infoBuf.length < n) {
    const size = Math.max(n, infoBuf.length * 2);
    infoBuf = new Float64Array(size);
    scoreBuf = new Float64Array(size);
    usageBuf = new Float64Array(size);
    flagBuf = new Uint8Array(size);
    claimBuf = new Int32Array(size);
  }
}

/**
 * The next question, or null when no eligible question is left.
 *
 * 1. Eligible: not seen, and not of a variation family already seen (family = original_question_id ?? id).
 * 2. Exposure cap: with total > 0, an item whose count / total >= exposureCap is skipped as long as
 *    any eligible item is below the cap.
 * 3. Exposure price: each admissible item is scored by its information minus
 *    exposurePrice * f * (best admissible information) * u / (1 - u), u = rate / cap, with the
 *    position factor f = ((itemsServed + 1) / positionScale) ^ positionPower. A used-up item then
 *    goes to a candidate for whom it beats the alternatives by a clear margin, and preferably to
 *    one early in the test, not to whoever happens to ask while it is under the cap. Off when the
 *    cap yields or is off.
 * 4. Claim balancing: a claim is competitive when its best admissible score is within
 *    tolerance * (best admissible information) of the overall best score; let m = the fewest
 *    questions served so far in this atom among competitive claims; items of claims served more
 *    than m are dropped.
 * 5. Randomesque: uniform choice among the topK best-scored remaining items.
 *
 * Cost: one pass over the bank with about three hash lookups and one exp per item, plus short
 * passes over typed arrays; nothing is cached between calls, so nothing can go stale.
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
  const basePrice = Math.max(0, options.exposurePrice ?? DEFAULT_SELECTION_OPTIONS.exposurePrice);
  const positionPower = Math.max(0, options.positionPower ?? DEFAULT_SELECTION_OPTIONS.positionPower);
  const positionScale = options.positionScale ?? DEFAULT_SELECTION_OPTIONS.positionScale;
  if (!(positionScale > 0)) throw new RangeError(`positionScale must be > 0, got ${positionScale}`);
  const price =
    positionPower > 0
      ? basePrice * Math.pow((itemsServed(state) + 1) / positionScale, positionPower)
      : basePrice;
  const tolerance = options.claimTolerance ?? DEFAULT_SELECTION_OPTIONS.claimTolerance;
  const rng = options.rng ?? Math.random;
  const n = items.length;
  ensureScratch(n);

  const seen = asSet(state.seenIds);
  const seenFamilies = asSet(state.seenFamilies);
  const checkFamilies = seenFamilies !== undefined && seenFamilies.size > 0;
  const total = state.totalAdministrations ?? 0;
  const exposure = cap > 0 && cap < 1 && total > 0 ? state.exposureCounts : undefined;
  const claimCounts = tolerance >= 0 ? state.claimCounts : undefined;
  const claimIndex = claimCounts ? new Map<string, number>() : undefined;
  const claimNames: string[] = [];
  // Families of seen variations: their original's id is not in `seen`, so they are collected
  // here and applied in a fix-up pass (siblings may come earlier in the array).
  let lateFamilies: Set<string> | undefined;

  // Pass 1: eligibility, information, exposure usage and flag, claim index.
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
    infoBuf[i] = Number.isFinite(raw) ? raw : 0;
    const usage = exposure ? lookup(exposure, it.id) / total / cap : 0;
    usageBuf[i] = usage;
    flagBuf[i] = usage >= 1 ? 2 : 1;
    if (claimIndex) {
      const claim = it.claim ?? '';
      let c = claimIndex.get(claim);
      if (c === undefined) {
        c = claimNames.length;
        claimIndex.set(claim, c);
        claimNames.push(claim);
      }
      claimBuf[i] = c;
    }
  }
  if (lateFamilies) {
    for (let i = 0; i < n; i++) if (flagBuf[i] !== 0 && lateFamilies.has(familyKey(items[i]))) flagBuf[i] = 0;
  }

  // Pass 2: which items are admissible (under the cap, or all eligible when none is) and the best
  // information among them, the scale of the exposure price and of the claim tolerance.
  let under = 0;
  let over = 0;
  let bestUnderInfo = 0;
  let bestAnyInfo = 0;
  for (let i = 0; i < n; i++) {
    const f = flagBuf[i];
    if (f === 0) continue;
    const v = infoBuf[i];
    if (v > bestAnyInfo) bestAnyInfo = v;
    if (f === 1) {
      under++;
      if (v > bestUnderInfo) bestUnderInfo = v;
    } else over++;
  }
  if (under + over === 0) return null;
  const capHolds = under > 0;
  const admissibleMax = capHolds ? 1 : 2; // flag <= admissibleMax is admissible
  const refInfo = capHolds ? bestUnderInfo : bestAnyInfo;
  const priced = capHolds && exposure !== undefined && price > 0;
  const unitPrice = price * refInfo;

  // Pass 3: scores and, per claim, the best admissible score.
  const claimBest: number[] = claimNames.map(() => -Infinity);
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const f = flagBuf[i];
    if (f === 0 || f > admissibleMax) continue;
    const u = usageBuf[i];
    const s = priced ? infoBuf[i] - (unitPrice * u) / (1 - u) : infoBuf[i];
    scoreBuf[i] = s;
    if (s > bestScore) bestScore = s;
    if (claimIndex && s > claimBest[claimBuf[i]]) claimBest[claimBuf[i]] = s;
  }

  // Claim balancing: the least served of the competitive claims sets the bar; claims served more
  // than that are dropped. Dropping only over-served claims (rather than keeping one claim)
  // leaves the top-k mixed when the best claim is itself among the least served.
  let claimAllowed: boolean[] | undefined;
  if (claimIndex && claimNames.length > 1) {
    const bar = bestScore - tolerance * refInfo;
    let maxServed = Infinity;
    const served = claimNames.map((c) => lookup(claimCounts, c));
    for (let c = 0; c < claimNames.length; c++) {
      if (claimBest[c] > -Infinity && claimBest[c] >= bar) maxServed = Math.min(maxServed, served[c]);
    }
    claimAllowed = served.map((s) => s <= maxServed);
  }

  // Pass 4: top-k by score (small insertion-sorted arrays), then a uniform pick.
  const topIdx: number[] = [];
  const topScore: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = flagBuf[i];
    if (f === 0 || f > admissibleMax) continue;
    if (claimAllowed && !claimAllowed[claimBuf[i]]) continue;
    const v = scoreBuf[i];
    if (topIdx.length === topK && v <= topScore[topK - 1]) continue;
    let j = topIdx.length === topK ? topK - 1 : topIdx.length;
    while (j > 0 && topScore[j - 1] < v) {
      topScore[j] = topScore[j - 1];
      topIdx[j] = topIdx[j - 1];
      j--;
    }
    topScore[j] = v;
    topIdx[j] = i;
  }
  const pick = Math.min(topIdx.length - 1, Math.floor(rng() * topIdx.length));
  const index = topIdx[pick];
  return { item: items[index], index, information: infoBuf[index] };
}
