// selectNextItem keeps the prepared bank of the array it is given between calls and prepares it again when
// the array's questions change: its picks are those of a bank prepared afresh for every call, on a fixed-seed
// simulation where candidates share exposure counts as on the server and the bank is edited now and then.
import { createPosterior, summarizePosterior, updatePosterior } from '../src/posterior';
import { probabilityCorrect } from '../src/model';
import { createRng, Rng } from '../src/rng';
import {
  BankItem,
  prepareBank,
  preparedBankOf,
  selectFromBank,
  selectNextItem,
  Selection,
  SelectionOptions,
  SelectionState,
} from '../src/selection';

function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** a ~ lognormal(0, 0.3), b ~ N(0, 1); five claims and some without; every 7th a variation. */
function makeBank(size: number, rng: Rng): BankItem[] {
  const claims = ['arrays', 'closures', 'async', 'types', 'errors', null];
  return Array.from({ length: size }, (_, i) => {
    const a = Math.exp(0.3 * normal(rng));
    return {
      id: `q${i}`,
      a,
      d: -a * normal(rng),
      claim: claims[Math.floor(rng() * claims.length)],
      original_question_id: i % 7 === 6 ? `q${i - 1}` : null,
    };
  });
}

const OPTION_SETS: SelectionOptions[] = [
  {},
  { topK: 1 },
  { topK: 5, exposureCap: 0.1 },
  { claimTolerance: -1 },
];
const show = (s: Selection<BankItem> | null) => (s ? `${s.item.id}@${s.index} ${s.information}` : 'null');

/** One edit of the bank, in place or by replacing an element, the kind a caller may make between calls. */
function edit(items: BankItem[], rng: Rng, step: number): void {
  const i = Math.floor(rng() * items.length);
  switch (step % 5) {
    case 0:
      items[i].a = 3 + rng(); // now among the most informative questions
      break;
    case 1:
      items[i].d += 1;
      break;
    case 2:
      items[i].claim = 'async';
      break;
    case 3:
      items[i] = { ...items[i], original_question_id: items[(i + 1) % items.length].id };
      break;
    default:
      items.push({ id: `new${step}`, a: 2.5, d: 0, claim: 'types' });
  }
}

describe('selectNextItem keeping the prepared bank', () => {
  it('picks exactly as a bank prepared for every call: 150 candidates, 20 questions each, the bank edited every 7th candidate', () => {
    const seed = 20261202;
    const rng = createRng(seed);
    const items = makeBank(1200, rng);
    const exposure = new Map<string, number>();
    const mismatches: string[] = [];
    let picks = 0;
    let edits = 0;
    let pickedAnEdit = 0;
    const edited = new Set<string>();
    for (let c = 0; c < 150; c++) {
      if (c % 7 === 6) {
        edit(items, rng, edits++);
        const last = items[items.length - 1];
        edited.add(last.id);
      }
      const options = OPTION_SETS[c % OPTION_SETS.length];
      const theta = normal(rng);
      const post = createPosterior();
      const seen = new Set<string>();
      const claimCounts = new Map<string, number>();
      for (let k = 0; k < 20; k++) {
        const state: SelectionState = {
          theta: summarizePosterior(post).estimate,
          seenIds: seen,
          claimCounts,
          itemsServed: k,
          exposureCounts: exposure,
          totalAdministrations: c + 1,
        };
        const pickSeed = seed * 1000 + c * 50 + k;
        const kept = selectNextItem(items, state, { ...options, rng: createRng(pickSeed) });
        const fresh = selectFromBank(prepareBank(items), state, { ...options, rng: createRng(pickSeed) });
        if (show(kept) !== show(fresh))
          mismatches.push(`candidate ${c}, question ${k}: ${show(kept)} vs ${show(fresh)}`);
        if (!kept) break;
        picks++;
        if (edited.has(kept.item.id)) pickedAnEdit++;
        const item = kept.item;
        seen.add(item.id);
        exposure.set(item.id, (exposure.get(item.id) ?? 0) + 1);
        const claim = item.claim ?? '';
        claimCounts.set(claim, (claimCounts.get(claim) ?? 0) + 1);
        updatePosterior(post, item, rng() < probabilityCorrect(item, theta));
      }
    }
    expect(mismatches).toEqual([]);
    expect(picks).toBe(150 * 20);
    expect(edits).toBe(21);
    // the questions added mid-run are highly informative: a stale bank would never serve them
    expect(pickedAnEdit).toBeGreaterThan(0);
  });

  it('keeps one prepared bank per array while its questions do not change', () => {
    const items = makeBank(300, createRng(1));
    const first = preparedBankOf(items);
    selectNextItem(items, { theta: 0 }, { rng: createRng(2) });
    expect(preparedBankOf(items)).toBe(first);
    // an equal copy is another array: another bank, kept for it
    const copy = items.slice();
    const other = preparedBankOf(copy);
    expect(other).not.toBe(first);
    expect(preparedBankOf(copy)).toBe(other);
    expect(preparedBankOf(items)).toBe(first);
  });

  it('keeps the bank of an array holding a NaN parameter (NaN reads as unchanged)', () => {
    const items = makeBank(50, createRng(4));
    items[3].a = NaN;
    const first = preparedBankOf(items);
    expect(preparedBankOf(items)).toBe(first);
  });

  const changes: Array<[string, (items: BankItem[]) => void]> = [
    ['a changed in place', (items) => (items[10].a = 4)],
    ['d changed in place', (items) => (items[10].d = items[10].d + 3)],
    ['the claim changed', (items) => (items[10].claim = 'renamed')],
    ['a claim removed', (items) => (items[items.findIndex((q) => q.claim)].claim = undefined)],
    ['made a variation', (items) => (items[10].original_question_id = 'q11')],
    ['the id changed', (items) => (items[10].id = 'q10-renamed')],
    ['an element replaced', (items) => (items[10] = { id: 'other', a: 1, d: 0 })],
    ['a question added', (items) => items.push({ id: 'added', a: 1, d: 0 })],
    ['a question removed', (items) => items.splice(10, 1)],
    ['two questions swapped', (items) => ([items[10], items[11]] = [items[11], items[10]])],
  ];

  it.each(changes)('notices %s: prepares again and picks as a fresh bank', (_, change) => {
    const items = makeBank(300, createRng(9));
    const before = preparedBankOf(items);
    change(items);
    const after = preparedBankOf(items);
    expect(after).not.toBe(before);
    expect(after).toEqual(prepareBank(items));
    expect(preparedBankOf(items)).toBe(after); // and keeps the new one
  });

  it('serves a question made the most informative in place at once (a stale bank would not)', () => {
    const items = makeBank(300, createRng(5));
    const state: SelectionState = { theta: 0 };
    const before = selectNextItem(items, state, { topK: 1 })!;
    const weak = items.findIndex(
      (q) => q.id !== before.item.id && q.a < 0.8 && q.original_question_id == null,
    );
    items[weak].a = 5;
    items[weak].d = 0;
    const after = selectNextItem(items, state, { topK: 1 })!;
    expect(after.item).toBe(items[weak]);
    expect(after.index).toBe(weak);
    expect(after.information).toBeCloseTo(25 / 4, 12);
  });
});
