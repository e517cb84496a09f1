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
  /**
   * The same counts by position in a prepared bank (selectFromBank): no lookup per question. Used instead
   * of `exposureCounts` when given.
   */
  exposureByPosition?: ArrayLike<number>;
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

/**
 * A bank laid out for repeated selection: the parameters in typed arrays, each question's claim and
 * variation family as small integers, in the order of the most information each question can give
 * (a^2 / 4, largest first), so a selection computes the information of the few questions that can matter
 * and stops. Build it once per bank (prepareBank) and keep it while the bank does not change: a selection
 * then reads typed arrays front to back, with no lookup by id per question (the server keeps one per atom,
 * services/src/quiz/bank-cache.ts). Arrays are indexed by *position* (this order); `order` maps a
 * position to the question's index in `items`.
 */
export interface PreparedBank<T extends BankItem = BankItem> {
  readonly items: readonly T[];
  /** position -> index in `items` */
  readonly order: Int32Array;
  readonly a: Float64Array;
  readonly d: Float64Array;
  /** per position: a^2 / 4 (a hair more), the most information the question can give at any theta */
  readonly bound: Float64Array;
  /** per position: its claim's index in `claims` ('' for none) */
  readonly claimOf: Int32Array;
  readonly claims: readonly string[];
  /** per position: its family's index (family = original_question_id ?? id) */
  readonly familyOf: Int32Array;
  /** family key -> index */
  readonly familyIndex: ReadonlyMap<string, number>;
  /** id -> position (the first, if an id repeats) */
  readonly positionOf: ReadonlyMap<string, number>;
  /** per position: the question's id (exposure counts by id are read in position order) */
  readonly ids: readonly string[];
  /** Working memory of a selection on this bank, reused by each (selections run one at a time). */
  readonly scratch: SelectionScratch;
}

/**
 * Working memory of one selection, indexed like the prepared bank: a selection overwrites what it reads
 * before reading it, so nothing of one selection reaches the next.
 */
export interface SelectionScratch {
  /** per position: Fisher information at theta, -1 until computed */
  readonly info: Float64Array;
  /** per position: exposure rate / cap (written only when exposure counts are given) */
  readonly usage: Float64Array;
  /** per position: 0 = ineligible, 1 = under the exposure cap, 2 = at or over it */
  readonly flag: Uint8Array;
  /** per family: 1 while the candidate has seen one of its questions (cleared before the selection returns) */
  readonly blocked: Uint8Array;
}

/** Scratch for a bank of `positions` questions in `families` variation families. */
export function createSelectionScratch(positions: number, families: number): SelectionScratch {
  return {
    info: new Float64Array(positions),
    usage: new Float64Array(positions),
    flag: new Uint8Array(positions),
    blocked: new Uint8Array(families),
  };
}

/** a^2/4 bounds a^2 p (1 - p); a hair more covers the rounding of the computed information. */
const boundOf = (a: number): number => (Number.isFinite(a) ? ((a * a) / 4) * (1 + 1e-9) : Infinity);

export function prepareBank<T extends BankItem>(items: readonly T[]): PreparedBank<T> {
  const n = items.length;
  const bounds = Float64Array.from(items, (it) => boundOf(it.a));
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((x, y) =>
    bounds[y] > bounds[x] ? 1 : bounds[y] < bounds[x] ? -1 : x - y,
  );
  const a = new Float64Array(n);
  const d = new Float64Array(n);
  const bound = new Float64Array(n);
  const claimOf = new Int32Array(n);
  const familyOf = new Int32Array(n);
  const claims: string[] = [];
  const claimIndex = new Map<string, number>();
  const familyIndex = new Map<string, number>();
  const positionOf = new Map<string, number>();
  const ids: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const it = items[order[i]];
    ids[i] = it.id;
    a[i] = it.a;
    d[i] = it.d;
    bound[i] = bounds[order[i]];
    const claim = it.claim ?? '';
    let c = claimIndex.get(claim);
    if (c === undefined) {
      c = claims.length;
      claimIndex.set(claim, c);
      claims.push(claim);
    }
    claimOf[i] = c;
    const family = familyKey(it);
    let f = familyIndex.get(family);
    if (f === undefined) {
      f = familyIndex.size;
      familyIndex.set(family, f);
    }
    familyOf[i] = f;
    const known = positionOf.get(it.id);
    if (known === undefined || order[known] > order[i]) positionOf.set(it.id, i);
  }
  const scratch = createSelectionScratch(n, familyIndex.size);
  return { items, order, a, d, bound, claimOf, claims, familyOf, familyIndex, positionOf, ids, scratch };
}

/**
 * What prepareBank read of each question, by index in the array (so a check walks the array in order), to
 * tell later whether the array still holds the same bank.
 */
interface KeptBank {
  bank: PreparedBank<BankItem>;
  ids: unknown[];
  a: Float64Array;
  d: Float64Array;
  /** the claim as prepareBank read it (claim ?? '') */
  claims: unknown[];
  /** the variation family (familyKey) */
  families: unknown[];
}

/** Prepared banks of the arrays selectNextItem was called with; an array no longer referenced drops its bank. */
const keptBanks = new WeakMap<readonly BankItem[], KeptBank>();

const sameNumber = (x: number, y: number): boolean => x === y || (x !== x && y !== y); // NaN equals NaN

/**
 * Whether `items` still reads as it did when `kept` was prepared: the same length and, index by index, the
 * same id, a, d, claim and variation family (everything prepareBank reads). One pass over the array with no
 * allocation, so a question changed in place or replaced is noticed.
 */
function keptBankHolds(kept: KeptBank, items: readonly BankItem[]): boolean {
  const { ids, a, d, claims, families } = kept;
  const n = items.length;
  if (n !== ids.length) return false;
  for (let i = 0; i < n; i++) {
    const it = items[i];
    if (!it || it.id !== ids[i] || !sameNumber(it.a, a[i]) || !sameNumber(it.d, d[i])) return false;
    if ((it.claim ?? '') !== claims[i] || (it.original_question_id ?? it.id) !== families[i]) return false;
  }
  return true;
}

/**
 * The prepared bank of `items`: the one kept for this array when it still holds (keptBankHolds), else a
 * fresh one, kept for the next call.
 */
export function preparedBankOf<T extends BankItem>(items: readonly T[]): PreparedBank<T> {
  const kept = keptBanks.get(items);
  if (kept && keptBankHolds(kept, items)) return kept.bank as PreparedBank<T>;
  const bank = prepareBank(items);
  keptBanks.set(items, {
    bank,
    ids: items.map((it) => it.id),
    a: Float64Array.from(items, (it) => it.a),
    d: Float64Array.from(items, (it) => it.d),
    claims: items.map((it) => it.claim ?? ''),
    families: items.map((it) => familyKey(it)),
  });
  return bank;
}

/**
 * The next question, or null when no eligible question is left: selectFromBank on the prepared bank of
 * `items` (preparedBankOf). The bank is kept per array between calls and prepared again when the array's
 * questions change (checked each call in one pass over the array, no allocation); a new array each call
 * prepares a new bank each call. A caller that knows when its bank changes can prepareBank once and call
 * selectFromBank itself, which skips the check.
 */
export function selectNextItem<T extends BankItem>(
  items: readonly T[],
  state: SelectionState,
  options: SelectionOptions = {},
): Selection<T> | null {
  return selectFromBank(preparedBankOf(items), state, options);
}

/** The options with their defaults, checked. */
interface Settings {
  theta: number;
  topK: number;
  cap: number;
  /** the exposure price at this position (position factor applied) */
  price: number;
  tolerance: number;
  rng: Rng;
}

function resolveSettings(state: SelectionState, options: SelectionOptions): Settings {
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
  return { theta, topK, cap, price, tolerance, rng: options.rng ?? Math.random };
}

/**
 * The next question of a prepared bank, or null when no eligible question is left. Five steps, each a
 * function below over the bank's typed arrays and its scratch:
 *
 * 1. Eligible (markEligible): not seen, and not of a variation family already seen
 *    (family = original_question_id ?? id).
 * 2. Capped (applyExposureCap): with total > 0, an item whose count / total >= exposureCap is skipped as
 *    long as any eligible item is below the cap.
 * 3. Priced (exposurePricing): each admissible item is scored by its information minus
 *    exposurePrice * f * (best admissible information) * u / (1 - u), u = rate / cap, with the
 *    position factor f = ((itemsServed + 1) / positionScale) ^ positionPower. A used-up item then
 *    goes to a candidate for whom it beats the alternatives by a clear margin, and preferably to
 *    one early in the test, not to whoever happens to ask while it is under the cap. Off when the
 *    cap yields or is off.
 * 4. Claim-balanced (bestByClaim, balancedClaims): a claim is competitive when its best admissible score
 *    is within tolerance * (best admissible information) of the overall best score; let m = the fewest
 *    questions served so far in this atom among competitive claims; items of claims served more
 *    than m are dropped.
 * 5. Randomesque (randomesque): uniform choice among the topK best-scored remaining items.
 *
 * Cost: two passes over the bank's typed arrays (one exp per item; an exposure lookup by id per item only
 * when the counts are not given by position) and short ones that stop early; the seen questions are looked
 * up, not the bank. Nothing is cached between calls: the caller keeps the prepared bank as long as its
 * questions do not change.
 */
export function selectFromBank<T extends BankItem>(
  bank: PreparedBank<T>,
  state: SelectionState,
  options: SelectionOptions = {},
): Selection<T> | null {
  const settings = resolveSettings(state, options);
  const scratch = bank.scratch;
  const eligible = markEligible(bank, state, scratch);
  const cap = applyExposureCap(bank, state, settings, scratch, eligible);
  if (eligible === 0) return null;
  // Admissible: under the cap, or every eligible item when none is.
  const capHolds = cap.under > 0;
  const admissibleMax = capHolds ? 1 : 2; // flag <= admissibleMax is admissible
  const pricing = exposurePricing(bank, scratch, settings, admissibleMax, capHolds && cap.counted);
  const claimCounts = settings.tolerance >= 0 ? state.claimCounts : undefined;
  const balance = claimCounts !== undefined && bank.claims.length > 1;
  const groups = bestByClaim(bank, scratch, settings, pricing, admissibleMax, balance);
  const allowed = balance
    ? balancedClaims(bank.claims, groups, claimCounts, settings.tolerance, pricing.refInfo)
    : [0];
  const at = randomesque(groups, allowed, settings.topK, settings.rng);
  return { item: bank.items[bank.order[at]], index: bank.order[at], information: scratch.info[at] };
}

/**
 * Step 1, eligible: flag 1 for every question the candidate may be served, 0 for the rest; returns how
 * many are eligible. A seen question is out, and so is every question of a family the candidate has seen a
 * question of (its original, its variations, their siblings), also when the seen one is not in this bank
 * (seenFamilies), wherever the family's questions sit in the bank. Also marks every eligible question's
 * information as not computed yet.
 */
function markEligible(bank: PreparedBank, state: SelectionState, s: SelectionScratch): number {
  const { familyIndex, positionOf, familyOf } = bank;
  const { flag, info, blocked } = s;
  const blockedFamilies: number[] = [];
  const block = (f: number | undefined) => {
    if (f !== undefined && blocked[f] === 0) {
      blocked[f] = 1;
      blockedFamilies.push(f);
    }
  };
  const seenAt: number[] = [];
  const seen = asSet(state.seenIds);
  if (seen)
    for (const id of seen) {
      block(familyIndex.get(id));
      const i = positionOf.get(id);
      if (i === undefined) continue;
      seenAt.push(i);
      block(familyOf[i]);
    }
  const seenFamilies = asSet(state.seenFamilies);
  if (seenFamilies) for (const family of seenFamilies) block(familyIndex.get(family));

  const n = bank.items.length;
  let eligible = 0;
  for (let i = 0; i < n; i++) {
    if (blocked[familyOf[i]] !== 0) {
      flag[i] = 0;
      continue;
    }
    flag[i] = 1;
    info[i] = -1;
    eligible++;
  }
  // a seen question whose family is not blocked (an id repeated in the bank) is still out
  for (const i of seenAt)
    if (flag[i] !== 0) {
      flag[i] = 0;
      eligible--;
    }
  for (const f of blockedFamilies) blocked[f] = 0;
  return eligible;
}

/**
 * Step 2, capped: with exposure counts and a cap in (0, 1), each eligible question's usage (rate / cap)
 * goes to scratch.usage and those at or over the cap are flagged 2. Returns how many eligible questions are
 * under the cap (all of them when nothing is counted) and whether counts were read.
 */
function applyExposureCap(
  bank: PreparedBank,
  state: SelectionState,
  { cap }: Settings,
  s: SelectionScratch,
  eligible: number,
): { under: number; counted: boolean } {
  const total = state.totalAdministrations ?? 0;
  if (!(cap > 0 && cap < 1 && total > 0)) return { under: eligible, counted: false };
  const byPosition = state.exposureByPosition;
  const exposure = byPosition ? undefined : state.exposureCounts;
  if (!byPosition && !exposure) return { under: eligible, counted: false };
  const { items, ids } = bank;
  const { flag, usage } = s;
  const n = items.length;
  let over = 0;
  for (let i = 0; i < n; i++) {
    if (flag[i] === 0) continue;
    let u: number;
    if (byPosition) {
      const c = byPosition[i];
      u = (typeof c === 'number' && Number.isFinite(c) ? c : 0) / total / cap;
    } else u = lookup(exposure, ids[i]) / total / cap;
    usage[i] = u;
    if (u >= 1) {
      flag[i] = 2;
      over++;
    }
  }
  return { under: eligible - over, counted: true };
}

/** Fisher information at theta of position i, computed once per selection (scratch.info). */
function informationAt(bank: PreparedBank, info: Float64Array, theta: number, i: number): number {
  let v = info[i];
  if (v < 0) {
    const a = bank.a[i];
    const p = 1 / (1 + Math.exp(-(a * theta + bank.d[i])));
    const raw = a * a * p * (1 - p);
    v = Number.isFinite(raw) ? raw : 0;
    info[i] = v;
  }
  return v;
}

interface Pricing {
  /** the best information among admissible questions: the scale of the price and of the claim tolerance */
  refInfo: number;
  /** whether scores carry the exposure price */
  priced: boolean;
  /** price * refInfo: a question's price is unitPrice * u / (1 - u) */
  unitPrice: number;
}

/**
 * Step 3, priced: the scale of the exposure price. Positions come by their most possible information,
 * largest first, so once that is no more than the best found, no later question can beat it. The price is
 * on only while the cap holds and counts were read.
 */
function exposurePricing(
  bank: PreparedBank,
  s: SelectionScratch,
  { theta, price }: Settings,
  admissibleMax: number,
  capCounted: boolean,
): Pricing {
  const { bound } = bank;
  const { flag, info } = s;
  const n = bound.length;
  let refInfo = 0;
  for (let i = 0; i < n; i++) {
    if (bound[i] <= refInfo) break;
    const f = flag[i];
    if (f === 0 || f > admissibleMax) continue;
    const v = informationAt(bank, info, theta, i);
    if (v > refInfo) refInfo = v;
  }
  const priced = capCounted && price > 0;
  return { refInfo, priced, unitPrice: price * refInfo };
}

/** The topK best positions of each group (a claim, or one group for all) with their scores, best first. */
interface Groups {
  idx: number[][];
  score: number[][];
}

/**
 * Step 4a, claim-balanced: the topK best-scored admissible questions of each claim (by score, then index
 * in `items`); without balancing all questions form one group. A question whose most possible score (its
 * largest information minus its price) is below its group's k-th best score cannot enter the group and its
 * information is not computed; once the most possible information is below every group's k-th best score,
 * no later position can enter any group.
 */
function bestByClaim(
  bank: PreparedBank,
  s: SelectionScratch,
  { theta, topK }: Settings,
  { priced, unitPrice }: Pricing,
  admissibleMax: number,
  balance: boolean,
): Groups {
  const { order, bound, claimOf, claims } = bank;
  const { flag, info, usage } = s;
  const n = bound.length;
  const groups = balance ? claims.length : 1;
  const topIdx: number[][] = Array.from({ length: groups }, () => []);
  const topScore: number[][] = Array.from({ length: groups }, () => []);
  let full = 0;
  let lowestKth = Infinity; // the smallest k-th best score over the groups, once every group is full
  const admissibleClaims = balance
    ? countAdmissibleClaims(flag, claimOf, n, admissibleMax, claims.length)
    : 1;
  for (let i = 0; i < n; i++) {
    if (full === admissibleClaims && bound[i] < lowestKth) break;
    const f = flag[i];
    if (f === 0 || f > admissibleMax) continue;
    const g = balance ? claimOf[i] : 0;
    const idx = topIdx[g];
    const sc = topScore[g];
    const wasFull = idx.length === topK;
    const u = usage[i];
    const priceOf = priced ? (unitPrice * u) / (1 - u) : 0;
    if (wasFull && bound[i] - priceOf < sc[topK - 1]) continue;
    const v = priced ? informationAt(bank, info, theta, i) - priceOf : informationAt(bank, info, theta, i);
    const o = order[i];
    // by score, then index: a later index with an equal score ranks after
    if (wasFull && (v < sc[topK - 1] || (v === sc[topK - 1] && o > order[idx[topK - 1]]))) continue;
    let j = wasFull ? topK - 1 : idx.length;
    while (j > 0 && (sc[j - 1] < v || (sc[j - 1] === v && order[idx[j - 1]] > o))) {
      sc[j] = sc[j - 1];
      idx[j] = idx[j - 1];
      j--;
    }
    sc[j] = v;
    idx[j] = i;
    if (!wasFull && idx.length === topK) full++;
    if (full === admissibleClaims) {
      lowestKth = Infinity;
      for (const t of topScore) if (t.length === topK && t[topK - 1] < lowestKth) lowestKth = t[topK - 1];
    }
  }
  return { idx: topIdx, score: topScore };
}

/**
 * Step 4b, claim-balanced: the claims that stay. The least served of the competitive claims (best score
 * within tolerance * refInfo of the best) sets the bar; claims served more than that are dropped. Dropping
 * only over-served claims (rather than keeping one claim) leaves the top-k mixed when the best claim is
 * itself among the least served.
 */
function balancedClaims(
  claims: readonly string[],
  { score }: Groups,
  claimCounts: CountLookup,
  tolerance: number,
  refInfo: number,
): number[] {
  let bestScore = -Infinity;
  for (const sc of score) if (sc.length && sc[0] > bestScore) bestScore = sc[0];
  const bar = bestScore - tolerance * refInfo;
  let maxServed = Infinity;
  const served = claims.map((c) => lookup(claimCounts, c));
  for (let c = 0; c < claims.length; c++)
    if (score[c].length && score[c][0] >= bar) maxServed = Math.min(maxServed, served[c]);
  const allowed: number[] = [];
  for (let c = 0; c < claims.length; c++) if (served[c] <= maxServed) allowed.push(c);
  return allowed;
}

/**
 * Step 5, randomesque: the topK best of the allowed groups' lists (by score, then position), and one of
 * them uniformly. Returns its position.
 */
function randomesque({ idx, score }: Groups, allowed: readonly number[], topK: number, rng: Rng): number {
  const merged: Array<[number, number]> = [];
  for (const g of allowed) for (let j = 0; j < idx[g].length; j++) merged.push([score[g][j], idx[g][j]]);
  merged.sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  const top = merged.slice(0, topK).map(([, i]) => i);
  const pick = Math.min(top.length - 1, Math.floor(rng() * top.length));
  return top[pick];
}

/** How many claims have an admissible question (the groups step 4a can fill). */
function countAdmissibleClaims(
  flags: Uint8Array,
  claimOf: Int32Array,
  n: number,
  admissibleMax: number,
  claims: number,
): number {
  const has = new Uint8Array(claims);
  let count = 0;
  for (let i = 0; i < n && count < claims; i++) {
    const f = flags[i];
    if (f === 0 || f > admissibleMax || has[claimOf[i]]) continue;
    has[claimOf[i]] = 1;
    count++;
  }
  return count;
}
