// Unit tests of the prepared-bank cache: kept while the atom's stamp holds, prepared again when it
// changes, one read for concurrent answers, exposures counted at once and re-read after the refresh time.
import { BankCache, bankStamp, prepareAtomBank } from './bank-cache';
import type { AtomRecord, BankRecord } from './store-types';

const atom = (over: Partial<AtomRecord> = {}): AtomRecord => ({
  id: 'js',
  name: 'JS',
  num_questions: 5,
  eta_minutes: 10,
  beta_question_ordering: [3],
  levels_thresholds: null,
  version: 2,
  bank_version: 7,
  ...over,
});

const record = (id: number, exposure = 0, over: Partial<BankRecord> = {}): BankRecord => ({
  id,
  difficulty_params: { a: 1, d: id / 10 },
  claim: id % 2 ? 'odd' : 'even',
  original_question_id: null,
  exposure_count: exposure,
  version: 1,
  ...over,
});

function loader(records: () => BankRecord[]) {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> | null = null;
  return {
    calls,
    hold() {
      gate = new Promise((r) => (release = r));
    },
    release: () => release(),
    load: async (atomId: string) => {
      calls.push(atomId);
      if (gate) await gate;
      return records();
    },
  };
}

describe('prepareAtomBank', () => {
  it('leaves the beta questions out and counts the variation families', () => {
    const bank = prepareAtomBank(
      [record(1), record(2, 5), record(3), record(4, 0, { original_question_id: 1 })],
      atom(),
    );
    expect(bank.prepared.items.map((q) => q.id)).toEqual(['1', '2', '4']);
    expect([...bank.exposure]).toEqual([0, 5, 0]);
    expect(bank.positionOf.get(4)).toBe(2);
    expect(bank.families).toBe(2); // 1 and its variation 4, and 2
    expect(bank.stamp).toBe(bankStamp(atom()));
  });
});

describe('BankCache', () => {
  it('keeps a bank while the atom and its bank version stay, and prepares it again when either moves', async () => {
    let records = [record(1), record(2)];
    const l = loader(() => records);
    const cache = new BankCache(l.load, 60_000);
    const first = await cache.get(atom());
    expect(await cache.get(atom())).toBe(first);
    expect(l.calls).toEqual(['js']);
    records = [record(1), record(2), record(5)];
    const afterWrite = await cache.get(atom({ bank_version: 8 }));
    expect(afterWrite.prepared.items.map((q) => q.id)).toEqual(['1', '2', '5']);
    const afterEdit = await cache.get(atom({ bank_version: 8, version: 3, beta_question_ordering: [2] }));
    expect(afterEdit.prepared.items.map((q) => q.id)).toEqual(['1', '5']);
    expect(l.calls).toHaveLength(3);
    cache.drop('js');
    await cache.get(atom({ bank_version: 8, version: 3 }));
    expect(l.calls).toHaveLength(4);
  });

  it('reads a bank once for answers that ask for it at the same time', async () => {
    const l = loader(() => [record(1)]);
    const cache = new BankCache(l.load, 60_000);
    l.hold();
    const both = Promise.all([cache.get(atom()), cache.get(atom())]);
    l.release();
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(l.calls).toHaveLength(1);
  });

  it('counts its own exposures at once and reads everyone else’s after the refresh time', async () => {
    let counts = [0, 0];
    let clock = 0;
    const l = loader(() => [record(1, counts[0]), record(2, counts[1])]);
    const cache = new BankCache(l.load, 1000, () => clock);
    const bank = await cache.get(atom());
    cache.noteExposure([2, 2, 99]);
    expect([...bank.exposure]).toEqual([0, 2]);
    counts = [4, 3]; // other processes served them meanwhile
    clock = 500;
    await cache.get(atom());
    expect(l.calls).toHaveLength(1); // still fresh
    clock = 1500;
    await cache.get(atom()); // starts a background re-read
    await new Promise((r) => setImmediate(r));
    expect(l.calls).toHaveLength(2);
    expect([...bank.exposure]).toEqual([4, 3]);
  });
});
