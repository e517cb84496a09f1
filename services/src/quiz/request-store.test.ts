// The per-request store reads each atom and each bank once, whatever the rules ask.
import { requestScopedStore } from './request-store';
import type { AtomRecord, BankRecord, QuizStore } from './store-types';

const atom = (id: string): AtomRecord => ({
  id,
  name: id,
  num_questions: 3,
  eta_minutes: 5,
  beta_question_ordering: [],
  levels_thresholds: null,
});
const bankOf = (atomId: string): BankRecord[] => [
  {
    id: atomId.length,
    difficulty_params: { a: 1, d: 0 },
    claim: null,
    original_question_id: null,
    exposure_count: 0,
  },
];

function fakeStore(known: string[]) {
  const atoms = jest.fn(
    async (ids: readonly string[]) => new Map(ids.filter((i) => known.includes(i)).map((i) => [i, atom(i)])),
  );
  const bank = jest.fn(async (atomId: string) => bankOf(atomId));
  const loadByToken = jest.fn(async () => null);
  return { store: { atoms, bank, loadByToken } as unknown as QuizStore, atoms, bank, loadByToken };
}

describe('requestScopedStore', () => {
  it('reads each atom once across calls and asks only for ids not read yet', async () => {
    const fake = fakeStore(['a', 'b', 'c']);
    const store = requestScopedStore(fake.store);
    expect([...(await store.atoms(['a', 'b'])).keys()]).toEqual(['a', 'b']);
    expect([...(await store.atoms(['a'])).keys()]).toEqual(['a']);
    expect([...(await store.atoms(['b', 'c', 'gone'])).keys()]).toEqual(['b', 'c']);
    expect(await store.atoms(['gone'])).toEqual(new Map());
    expect(fake.atoms.mock.calls).toEqual([[['a', 'b']], [['c', 'gone']]]);
  });

  it('reads each bank once, also for concurrent callers', async () => {
    const fake = fakeStore(['a']);
    const store = requestScopedStore(fake.store);
    const [one, two] = await Promise.all([store.bank('a'), store.bank('a')]);
    expect(one).toEqual(bankOf('a'));
    expect(two).toBe(one);
    await store.bank('a');
    await store.bank('bb');
    expect(fake.bank.mock.calls).toEqual([['a'], ['bb']]);
  });

  it('passes every other call through, and each wrapper has its own memo', async () => {
    const fake = fakeStore(['a']);
    await requestScopedStore(fake.store).loadByToken('t');
    expect(fake.loadByToken).toHaveBeenCalledWith('t');
    await requestScopedStore(fake.store).atoms(['a']);
    await requestScopedStore(fake.store).atoms(['a']);
    expect(fake.atoms).toHaveBeenCalledTimes(2);
  });

  it('does not remember a failed read', async () => {
    const fake = fakeStore(['a']);
    fake.bank.mockRejectedValueOnce(new Error('down'));
    const store = requestScopedStore(fake.store);
    await expect(store.bank('a')).rejects.toThrow('down');
    await expect(store.bank('a')).resolves.toEqual(bankOf('a'));
    expect(fake.bank).toHaveBeenCalledTimes(2);
  });
});
