// One request's view of the quiz store: atom settings and scored banks are read at most once per
// request. Planning, question selection and the question clock each ask for the same atoms and
// banks; within one request they cannot have changed in a way the rules care about.
import type { AtomRecord, BankRecord, QuizStore } from './store-types';

/** Wraps `store` so `atoms(ids)` and `bank(atomId)` hit it once per id; make one per request. */
export function requestScopedStore(store: QuizStore): QuizStore {
  const atoms = new Map<string, Promise<AtomRecord | undefined>>();
  const banks = new Map<string, Promise<BankRecord[]>>();
  /** A failed read is not remembered, so a retry within the request asks the store again. */
  const forgetOnFailure = <K, V>(cache: Map<K, Promise<V>>, key: K, p: Promise<V>): Promise<V> => {
    const kept: Promise<V> = p.catch((err: unknown) => {
      if (cache.get(key) === kept) cache.delete(key);
      throw err;
    });
    kept.catch(() => undefined); // whoever awaits it still sees the error; nobody else must
    return kept;
  };

  return {
    ...store,
    async atoms(ids) {
      const missing = [...new Set(ids)].filter((id) => !atoms.has(id));
      if (missing.length > 0) {
        const batch = store.atoms(missing);
        for (const id of missing)
          atoms.set(
            id,
            forgetOnFailure(
              atoms,
              id,
              batch.then((m) => m.get(id)),
            ),
          );
      }
      const map = new Map<string, AtomRecord>();
      for (const id of ids) {
        const atom = await atoms.get(id);
        if (atom) map.set(id, atom);
      }
      return map;
    },
    bank(atomId) {
      let bank = banks.get(atomId);
      if (!bank) {
        bank = forgetOnFailure(banks, atomId, store.bank(atomId));
        banks.set(atomId, bank);
      }
      return bank;
    },
  };
}
