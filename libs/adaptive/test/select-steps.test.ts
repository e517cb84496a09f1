// The selector split into named steps chooses exactly as the single-body selector it replaced
// (test/fixtures/legacy-select.ts, frozen): candidates take CATs one after another on a fixed seed, sharing
// exposure counts as the server does, and every pick (question, index, information) of the two is compared.
import { createPosterior, summarizePosterior, updatePosterior } from '../src/posterior';
import { probabilityCorrect } from '../src/model';
import { createRng, Rng } from '../src/rng';
import { BankItem, prepareBank, selectFromBank, SelectionOptions, SelectionState } from '../src/selection';
import * as legacy from './fixtures/legacy-select';

function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** a ~ lognormal(0, 0.3), b ~ N(0, 1); six claims and some without; every 7th a variation; one id twice. */
function makeBank(size: number, rng: Rng): BankItem[] {
  const claims = ['arrays', 'closures', 'async', 'types', 'errors', 'modules', null];
  const items: BankItem[] = [];
  for (let i = 0; i < size; i++) {
    const a = Math.exp(0.3 * normal(rng));
    items.push({
      id: `q${i}`,
      a,
      d: -a * normal(rng),
      claim: claims[Math.floor(rng() * claims.length)],
      original_question_id: i % 7 === 6 ? `q${i - 1}` : null,
    });
  }
  if (size > 10) items.push({ ...items[3], d: items[3].d + 0.5 }); // a repeated id
  return items;
}

const OPTION_SETS: SelectionOptions[] = [
  {},
  { topK: 1 },
  { topK: 5, exposureCap: 0.1 },
  { exposurePrice: 0 },
  { positionPower: 0, exposurePrice: 0.05 },
  { claimTolerance: -1 },
  { claimTolerance: 0.3, exposureCap: 0.15 },
  { exposureCap: 1 },
];

interface Run {
  picks: number;
  nulls: number;
  mismatches: string[];
}

/** `candidates` CATs of `length` questions; each choice by both selectors, the new one's pick served. */
function simulate(bankSize: number, candidates: number, length: number, seed: number): Run {
  const rng = createRng(seed);
  const items = makeBank(bankSize, rng);
  const current = prepareBank(items);
  const old = legacy.prepareBank(items);
  const exposure = new Map<string, number>();
  // the same counts by position in each prepared bank (a repeated id counts at its first position)
  const atNow = new Float64Array(current.order.length);
  const atWas = new Float64Array(old.order.length);
  const run: Run = { picks: 0, nulls: 0, mismatches: [] };
  for (let c = 0; c < candidates; c++) {
    const options = OPTION_SETS[c % OPTION_SETS.length];
    const byPosition = c % 2 === 1;
    const theta = normal(rng);
    const post = createPosterior();
    const seen = new Set<string>();
    const claimCounts = new Map<string, number>();
    // a candidate who has seen a question of another atom's bank in one of this bank's families
    const seenFamilies = c % 5 === 0 ? [`q${(c * 7) % bankSize}`] : undefined;
    for (let k = 0; k < length; k++) {
      const state: SelectionState = {
        theta: summarizePosterior(post).estimate,
        seenIds: seen,
        seenFamilies,
        claimCounts,
        itemsServed: k,
        totalAdministrations: c + 1,
        ...(byPosition ? { exposureByPosition: atNow } : { exposureCounts: exposure }),
      };
      const legacyState: SelectionState = byPosition ? { ...state, exposureByPosition: atWas } : state;
      const pickSeed = seed * 1000 + c * 50 + k;
      const now = selectFromBank(current, state, { ...options, rng: createRng(pickSeed) });
      const was = legacy.selectFromBank(old, legacyState, { ...options, rng: createRng(pickSeed) });
      const show = (s: typeof now) => (s ? `${s.item.id}@${s.index} ${s.information}` : 'null');
      if (show(now) !== show(was))
        run.mismatches.push(`candidate ${c}, question ${k}: ${show(now)} vs ${show(was)}`);
      if (!now) {
        run.nulls++;
        break;
      }
      run.picks++;
      const item = now.item;
      seen.add(item.id);
      exposure.set(item.id, (exposure.get(item.id) ?? 0) + 1);
      atNow[current.positionOf.get(item.id)!]++;
      atWas[old.positionOf.get(item.id)!]++;
      const claim = item.claim ?? '';
      claimCounts.set(claim, (claimCounts.get(claim) ?? 0) + 1);
      updatePosterior(post, item, rng() < probabilityCorrect(item, theta));
    }
  }
  return run;
}

describe('the selector in named steps', () => {
  it('picks exactly as the single-body selector on a 1,500-question bank: 320 candidates, 20 questions each', () => {
    const run = simulate(1500, 320, 20, 20261202);
    expect(run.mismatches).toEqual([]);
    expect(run.picks).toBe(320 * 20);
  });

  it('picks exactly as the single-body selector on a small bank that the cap cannot hold and tests exhaust', () => {
    // 40 questions, 40-question tests: the cap yields for most questions and families run out
    const run = simulate(40, 120, 40, 7);
    expect(run.mismatches).toEqual([]);
    expect(run.nulls).toBeGreaterThan(0);
    expect(run.picks).toBeGreaterThan(1000);
  });

  it('keeps its working memory on the prepared bank: two banks interleaved choose as each alone', () => {
    const rng = createRng(3);
    const big = prepareBank(makeBank(500, rng));
    const small = prepareBank(makeBank(20, rng));
    const state = (bank: typeof big): SelectionState => ({
      theta: 0.3,
      seenIds: new Set(bank.items.slice(0, 5).map((q) => q.id)),
      claimCounts: new Map([['arrays', 1]]),
      exposureCounts: new Map(bank.items.map((q, i) => [q.id, i % 9])),
      totalAdministrations: 30,
    });
    const alone = [big, small].map((b) => selectFromBank(b, state(b), { rng: createRng(1) }));
    const interleaved = [big, small, big].map((b) => selectFromBank(b, state(b), { rng: createRng(1) }));
    expect(interleaved).toEqual([alone[0], alone[1], alone[0]]);
    expect(big.scratch).not.toBe(small.scratch);
  });
});
