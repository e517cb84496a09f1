import { itemInformation } from './model';
import { createRng } from './rng';
import {
  BankItem,
  familyKey,
  prepareBank,
  selectFromBank,
  selectNextItem,
  SelectionOptions,
  SelectionState,
} from './selection';

function bank(size: number, seed: number, claims = ['x', 'y', 'z']): BankItem[] {
  const rnd = createRng(seed);
  const items: BankItem[] = [];
  for (let i = 0; i < size; i++) {
    const a = 0.5 + rnd() * 1.5;
    const b = (rnd() - 0.5) * 4;
    // Every third item is a variation of the item before it.
    const original = i % 3 === 2 ? `q${i - 1}` : null;
    items.push({
      id: `q${i}`,
      a,
      d: -a * b,
      claim: claims[i % claims.length],
      original_question_id: original,
    });
  }
  return items;
}

describe('selectNextItem', () => {
  it('with topK 1 picks the maximum-information item at theta', () => {
    const items: BankItem[] = [
      { id: 'easy', a: 1, d: 2 },
      { id: 'match', a: 1, d: -0.5 }, // b = 0.5
      { id: 'flat', a: 0.3, d: -0.15 }, // b = 0.5 but low a
      { id: 'hard', a: 1, d: -3 },
    ];
    const sel = selectNextItem(items, { theta: 0.5 }, { topK: 1 });
    expect(sel?.item.id).toBe('match');
    expect(sel?.information).toBeCloseTo(0.25, 14);
    expect(sel?.index).toBe(1);
    expect(selectNextItem(items, { theta: 3 }, { topK: 1 })?.item.id).toBe('hard');
  });

  it('never serves a seen item or a second item of a variation family, then runs out', () => {
    const items = bank(60, 1);
    const rng = createRng(5);
    const seen = new Set<string>();
    const families = new Set<string>();
    let theta = 0;
    for (;;) {
      const sel = selectNextItem(items, { theta, seenIds: seen }, { rng });
      if (!sel) break;
      expect(seen.has(sel.item.id)).toBe(false);
      expect(families.has(familyKey(sel.item))).toBe(false);
      seen.add(sel.item.id);
      families.add(familyKey(sel.item));
      theta = (rng() - 0.5) * 4;
    }
    expect(families.size).toBe(40); // 60 items in 40 families
    expect(seen.size).toBe(40);
  });

  it('excludes the siblings and the original of a seen variation, wherever they sit in the bank', () => {
    const items: BankItem[] = [
      { id: 'v1', a: 2, d: 0, original_question_id: 'o' },
      { id: 'o', a: 2, d: 0 },
      { id: 'v2', a: 2, d: 0, original_question_id: 'o' },
      { id: 'free', a: 0.2, d: 0 },
    ];
    expect(selectNextItem(items, { theta: 0, seenIds: ['v2'] }, { topK: 1 })?.item.id).toBe('free');
    expect(selectNextItem(items, { theta: 0, seenIds: new Set(['v2', 'free']) })).toBeNull();
  });

  it('excludes families named in seenFamilies (questions seen outside this bank)', () => {
    const items: BankItem[] = [
      { id: 'v1', a: 2, d: 0, original_question_id: 'orig' },
      { id: 'other', a: 0.5, d: 0 },
    ];
    expect(selectNextItem(items, { theta: 0, seenFamilies: ['orig'] }, { topK: 1 })?.item.id).toBe('other');
    // Seeing the original excludes its variation too.
    const withOriginal: BankItem[] = [{ id: 'orig', a: 0.5, d: 3 }, ...items];
    expect(selectNextItem(withOriginal, { theta: 0, seenIds: ['orig'] }, { topK: 1 })?.item.id).toBe('other');
  });

  it('skips items at or above the exposure cap while others remain', () => {
    const items: BankItem[] = [
      { id: 'best', a: 2, d: 0 },
      { id: 'second', a: 1.5, d: 0 },
      { id: 'third', a: 1, d: 0 },
    ];
    const exposureCounts = { best: 25, second: 30, third: 10 };
    const sel = selectNextItem(
      items,
      { theta: 0, exposureCounts, totalAdministrations: 100 },
      { topK: 1, exposureCap: 0.25 },
    );
    expect(sel?.item.id).toBe('third');
    // Just under the cap is allowed (with the exposure price off: the hard cap alone).
    const under = selectNextItem(
      items,
      { theta: 0, exposureCounts: { best: 24 }, totalAdministrations: 100 },
      { topK: 1, exposurePrice: 0 },
    );
    expect(under?.item.id).toBe('best');
    // When every eligible item is over the cap, the cap yields to information.
    const allOver = selectNextItem(
      items,
      {
        theta: 0,
        exposureCounts: new Map([
          ['best', 90],
          ['second', 90],
          ['third', 90],
        ]),
        totalAdministrations: 100,
      },
      { topK: 1 },
    );
    expect(allOver?.item.id).toBe('best');
  });

  it('prices a heavily used item by information - price * best * u / (1 - u), u = rate / cap', () => {
    const items: BankItem[] = [
      { id: 'best', a: 2, d: 0 }, // information 1 at theta 0
      { id: 'second', a: 1.9, d: 0 }, // information 0.9025
    ];
    // positionPower 0: the same price at every position (the position factor is tested below).
    const choose = (bestCount: number, exposurePrice?: number) =>
      selectNextItem(
        items,
        { theta: 0, exposureCounts: { best: bestCount }, totalAdministrations: 100 },
        { topK: 1, exposureCap: 0.25, exposurePrice, positionPower: 0 },
      )!;
    // u = 0.8: price 0.02 * 1 * 0.8 / 0.2 = 0.08, score 0.92 > 0.9025: still the best.
    expect(choose(20).item.id).toBe('best');
    // u = 0.92: price 0.02 * 11.5 = 0.23, score 0.77 < 0.9025: the unused item wins.
    expect(choose(23).item.id).toBe('second');
    // The reported information is the item's own, not its priced score.
    expect(choose(23).information).toBeCloseTo(0.9025, 12);
    // Price off: the hard cap alone lets the best through below the cap.
    expect(choose(23, 0).item.id).toBe('best');
    // Cap off: no price either.
    expect(
      selectNextItem(
        items,
        { theta: 0, exposureCounts: { best: 23 }, totalAdministrations: 100 },
        { topK: 1, exposureCap: 1 },
      )!.item.id,
    ).toBe('best');
  });

  it('scales the price by ((itemsServed + 1) / positionScale) ^ positionPower', () => {
    const items: BankItem[] = [
      { id: 'best', a: 2, d: 0 }, // information 1 at theta 0
      { id: 'second', a: 1.9, d: 0 }, // information 0.9025
    ];
    const choose = (bestCount: number, state: Partial<SelectionState>, options: SelectionOptions = {}) =>
      selectNextItem(
        items,
        { theta: 0, exposureCounts: { best: bestCount }, totalAdministrations: 100, ...state },
        { topK: 1, ...options },
      )!.item.id;
    // u = 0.92, base price 0.02 * 0.92 / 0.08 = 0.23 (defaults: power 2, scale 10).
    expect(choose(23, { itemsServed: 9 })).toBe('second'); // factor 1: score 0.77
    expect(choose(23, { itemsServed: 4 })).toBe('best'); // factor 0.25: score 0.9425
    expect(choose(23, { itemsServed: 0 })).toBe('best'); // factor 0.01: score 0.9977
    // u = 0.8, base price 0.08: kept at the 10th question, given up at the 20th (factor 4: 0.32).
    expect(choose(20, { itemsServed: 9 })).toBe('best');
    expect(choose(20, { itemsServed: 19 })).toBe('second');
    // Without itemsServed the position is the sum of claimCounts.
    expect(choose(23, { claimCounts: { x: 5, y: 4 } })).toBe('second');
    expect(choose(23, { claimCounts: new Map([['x', 2]]) })).toBe('best');
    expect(choose(23, {})).toBe('best');
    // positionScale moves the point where the factor is 1; power 0 turns the factor off.
    expect(choose(23, { itemsServed: 4 }, { positionScale: 5 })).toBe('second');
    expect(choose(23, { itemsServed: 0 }, { positionPower: 0 })).toBe('second');
    expect(() => choose(23, {}, { positionScale: 0 })).toThrow(RangeError);
  });

  it('gives scarce items to early positions: more information in the first questions under the same cap', () => {
    const items = bank(120, 7);
    const run = (positionPower: number) => {
      const rng = createRng(21);
      const exposure = new Map<string, number>();
      const candidates = 300;
      const length = 8;
      let early = 0; // information at the true theta in the first 3 questions
      for (let c = 1; c <= candidates; c++) {
        const theta = (rng() - 0.5) * 2;
        const seen = new Set<string>();
        for (let k = 0; k < length; k++) {
          // The estimate moves towards theta as the test goes on, as a CAT's would.
          const estimate = theta * (k / length) + (rng() - 0.5) * 0.2;
          const sel = selectNextItem(
            items,
            {
              theta: estimate,
              seenIds: seen,
              exposureCounts: exposure,
              totalAdministrations: c,
              itemsServed: k,
            },
            { rng, exposureCap: 0.2, positionPower, claimTolerance: -1 },
          )!;
          seen.add(sel.item.id);
          exposure.set(sel.item.id, (exposure.get(sel.item.id) ?? 0) + 1);
          if (k < 3) early += itemInformation(sel.item, theta);
        }
      }
      return { early: early / candidates, maxRate: Math.max(...exposure.values()) / candidates };
    };
    const blind = run(0);
    const aware = run(2);
    expect(aware.maxRate).toBeLessThanOrEqual(0.2 + 1 / 300);
    expect(aware.early).toBeGreaterThan(blind.early * 1.03); // 1.735 vs 1.630 on this bank
  });

  it('keeps every item at or below the cap over many simulated candidates', () => {
    const items = bank(90, 2);
    const rng = createRng(9);
    const exposure = new Map<string, number>();
    const candidates = 400;
    for (let c = 1; c <= candidates; c++) {
      const seen = new Set<string>();
      for (let k = 0; k < 5; k++) {
        const sel = selectNextItem(
          items,
          {
            theta: (rng() - 0.5) * 2,
            seenIds: seen,
            exposureCounts: exposure,
            totalAdministrations: c,
            itemsServed: k,
          },
          { rng, exposureCap: 0.2 },
        );
        seen.add(sel!.item.id);
        exposure.set(sel!.item.id, (exposure.get(sel!.item.id) ?? 0) + 1);
      }
    }
    const maxRate = Math.max(...exposure.values()) / candidates;
    expect(maxRate).toBeLessThanOrEqual(0.2 + 1 / candidates);
  });

  it('prefers the least-served claim when its best item is within tolerance', () => {
    const items: BankItem[] = [
      { id: 'x1', a: 1.2, d: 0, claim: 'x' }, // info 0.36
      { id: 'y1', a: 1.1, d: 0, claim: 'y' }, // info 0.3025 (84% of best)
      { id: 'z1', a: 0.5, d: 0, claim: 'z' }, // info 0.0625 (17% of best)
    ];
    const state = { theta: 0, claimCounts: { x: 2, y: 0, z: 0 } };
    expect(selectNextItem(items, state, { topK: 1, claimTolerance: 0.2 })?.item.id).toBe('y1');
    // Outside tolerance: information wins.
    expect(selectNextItem(items, state, { topK: 1, claimTolerance: 0.1 })?.item.id).toBe('x1');
    // Balancing off.
    expect(selectNextItem(items, state, { topK: 1, claimTolerance: -1 })?.item.id).toBe('x1');
    // Wide tolerance: z is served least as well; both y and z are allowed, y is more informative.
    expect(selectNextItem(items, state, { topK: 1, claimTolerance: 0.9 })?.item.id).toBe('y1');
  });

  it('balances claims over a test better than pure information', () => {
    const items = bank(150, 3);
    const spread = (tolerance: number) => {
      const rng = createRng(4);
      let total = 0;
      for (let c = 0; c < 50; c++) {
        const theta = (rng() - 0.5) * 3;
        const seen = new Set<string>();
        const claimCounts = new Map<string, number>();
        for (let k = 0; k < 12; k++) {
          const sel = selectNextItem(
            items,
            { theta, seenIds: seen, claimCounts },
            { topK: 1, claimTolerance: tolerance, rng },
          )!;
          seen.add(sel.item.id);
          claimCounts.set(sel.item.claim!, (claimCounts.get(sel.item.claim!) ?? 0) + 1);
        }
        const counts = ['x', 'y', 'z'].map((cl) => claimCounts.get(cl) ?? 0);
        total += Math.max(...counts) - Math.min(...counts);
      }
      return total / 50;
    };
    expect(spread(0.3)).toBeLessThan(spread(-1));
    expect(spread(0.3)).toBeLessThanOrEqual(1.5);
  });

  it('picks only among the top k and is deterministic for a seed', () => {
    const items = bank(40, 6);
    const ranked = [...items].sort((p, q) => itemInformation(q, 0.3) - itemInformation(p, 0.3));
    const topIds = new Set(ranked.slice(0, 4).map((i) => i.id));
    const picks = (seed: number) => {
      const rng = createRng(seed);
      return Array.from(
        { length: 200 },
        () => selectNextItem(items, { theta: 0.3 }, { topK: 4, claimTolerance: -1, rng })!.item.id,
      );
    };
    const a = picks(12);
    expect(new Set(a)).toEqual(topIds);
    expect(picks(12)).toEqual(a);
    expect(picks(13)).not.toEqual(a);
  });

  it('returns null for an empty bank and rejects a non-finite theta', () => {
    expect(selectNextItem([], { theta: 0 })).toBeNull();
    expect(() => selectNextItem(bank(3, 1), { theta: NaN })).toThrow(RangeError);
  });
});

describe('selectFromBank (a bank prepared once for many selections)', () => {
  const items = bank(500, 3, ['x', 'y', 'z', 'w']);
  const prepared = prepareBank(items);

  it('chooses as selectNextItem does, with counts by id or by position, over many states', () => {
    const rnd = createRng(17);
    for (let k = 0; k < 200; k++) {
      const seen = new Set(items.filter(() => rnd() < 0.05).map((q) => q.id));
      const exposure = new Map(items.map((q) => [q.id, Math.floor(rnd() * 60)]));
      const state: SelectionState = {
        theta: (rnd() - 0.5) * 5,
        seenIds: seen,
        seenFamilies: rnd() < 0.5 ? ['q4'] : undefined,
        claimCounts: new Map([
          ['x', Math.floor(rnd() * 3)],
          ['y', Math.floor(rnd() * 3)],
        ]),
        exposureCounts: exposure,
        totalAdministrations: 100,
      };
      const seed = 1000 + k;
      const viaItems = selectNextItem(items, state, { rng: createRng(seed) });
      const viaBank = selectFromBank(prepared, state, { rng: createRng(seed) });
      const byPosition = selectFromBank(
        prepared,
        {
          ...state,
          exposureCounts: undefined,
          exposureByPosition: Float64Array.from(prepared.order, (o) => exposure.get(items[o].id)!),
        },
        { rng: createRng(seed) },
      );
      expect(viaBank).toEqual(viaItems);
      expect(byPosition).toEqual(viaItems);
      expect(viaItems).not.toBeNull();
      expect(seen.has(viaItems!.item.id)).toBe(false);
    }
  });

  it('keeps nothing of one selection for the next (seen families are per call)', () => {
    const seen = new Set(items.slice(0, 300).map((q) => q.id));
    const first = selectFromBank(prepared, { theta: 0, seenIds: seen }, { topK: 1 });
    expect(seen.has(first!.item.id)).toBe(false);
    expect(selectFromBank(prepared, { theta: 0 }, { topK: 1 })).toEqual(
      selectNextItem(items, { theta: 0 }, { topK: 1 }),
    );
  });

  it('lays the bank out by most possible information: parameters, claims and variation families', () => {
    const at = (id: string) => prepared.positionOf.get(id)!;
    expect(prepared.a[at('q7')]).toBe(items[7].a);
    expect(prepared.order[at('q7')]).toBe(7);
    expect(prepared.claims[prepared.claimOf[at('q5')]]).toBe(items[5].claim);
    // q2 is a variation of q1: one family
    expect(prepared.familyOf[at('q2')]).toBe(prepared.familyOf[at('q1')]);
    expect(prepared.familyOf[at('q3')]).not.toBe(prepared.familyOf[at('q1')]);
    for (let i = 1; i < items.length; i++)
      expect(prepared.bound[i]).toBeLessThanOrEqual(prepared.bound[i - 1]);
    expect(prepared.bound[0]).toBeGreaterThanOrEqual(Math.max(...items.map((q) => (q.a * q.a) / 4)));
  });

  it('chooses the same with ties in score, by index in the bank', () => {
    const twins: BankItem[] = Array.from({ length: 12 }, (_, i) => ({ id: `t${i}`, a: 1 + (i % 2), d: 0 }));
    for (let seed = 0; seed < 20; seed++) {
      const sel = selectNextItem(twins, { theta: 0 }, { topK: 3, rng: createRng(seed) });
      // a = 2 (odd indexes) is best; among equals the first three in the bank: t1, t3, t5
      expect(['t1', 't3', 't5']).toContain(sel!.item.id);
    }
  });
});
