// Prepared banks per atom, kept between answers. Choosing a question used to read the atom's whole
// scored bank and rebuild the selector's input and an exposure map on every answer: 100 ms at 100,000
// questions. A services process now keeps each atom's bank prepared for the adaptive selector (typed arrays,
// @skillquiz/adaptive's prepareBank) with its exposure counts by position, and prepares it again only when it
// may have changed:
//
// - The atom's `version` (its settings and beta ordering) and `bank_version` (bumped after every write to a
//   question listing it, content/models/atom.ts touchAtomBanks) are read with the atom on every answer anyway; a
//   bank prepared at other values is prepared again. Several processes share nothing but the database, so
//   each notices another's writes through these two numbers. A question written straight into the database
//   (around the product) is noticed when the question is picked: its version differs from the prepared one
//   (selection.ts drops the bank then), and a question no longer administered or no longer in the atom is
//   never served (selection.ts checks the question it loads).
// - Exposure counts change with every answer, in every process: this process adds its own as it records
//   them (noteExposure), and re-reads them from the database, in the background, when they are older than
//   EXPOSURE_REFRESH_MS, so other processes' answers count within that time.
import { prepareBank, type BankItem } from '@skillquiz/adaptive';
import type { AtomBank, AtomRecord, BankRecord, PreparedBanks } from './store-types';

export type { AtomBank } from './store-types';

/** How long exposure counts read from the database are used before they are read again (in the background). */
export const EXPOSURE_REFRESH_MS = 10_000;

export const bankStamp = (atom: AtomRecord): string => `${atom.version ?? 1}/${atom.bank_version ?? 0}`;

/** The scored bank (the atom's beta questions are uncalibrated: never scored) prepared for selection. */
export function prepareAtomBank(records: readonly BankRecord[], atom: AtomRecord): AtomBank {
  const beta = new Set(atom.beta_question_ordering);
  const scored = records.filter((q) => !beta.has(q.id));
  const items: BankItem[] = scored.map((q) => ({
    id: String(q.id),
    a: q.difficulty_params.a,
    d: q.difficulty_params.d,
    claim: q.claim,
    original_question_id: q.original_question_id == null ? null : String(q.original_question_id),
  }));
  const prepared = prepareBank(items);
  return {
    stamp: bankStamp(atom),
    prepared,
    exposure: Float64Array.from(prepared.order, (i) => scored[i].exposure_count),
    positionOf: new Map(scored.map((q) => [q.id, prepared.positionOf.get(String(q.id))!])),
    versionOf: new Map(scored.map((q) => [q.id, q.version ?? null])),
    families: prepared.familyIndex.size,
  };
}

interface Entry extends AtomBank {
  exposureReadAt: number;
  refreshing: boolean;
}

export class BankCache implements PreparedBanks {
  private readonly banks = new Map<string, Entry>();
  /** loads in flight, by atom and stamp: concurrent answers of one atom share one read */
  private readonly loading = new Map<string, Promise<Entry>>();

  constructor(
    /** the atom's administered questions, with their exposure counts */
    private readonly load: (atomId: string) => Promise<BankRecord[]>,
    private readonly refreshMs = EXPOSURE_REFRESH_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The atom's prepared bank: the one kept, if prepared at the atom's current stamp, else a fresh one. */
  async get(atom: AtomRecord): Promise<AtomBank> {
    const stamp = bankStamp(atom);
    const kept = this.banks.get(atom.id);
    if (kept && kept.stamp === stamp) {
      this.refreshExposure(atom.id, kept);
      return kept;
    }
    const key = `${atom.id}\u0000${stamp}`;
    let pending = this.loading.get(key);
    if (!pending) {
      const readAt = this.now();
      pending = this.load(atom.id)
        .then((records) => {
          const entry: Entry = {
            ...prepareAtomBank(records, atom),
            exposureReadAt: readAt,
            refreshing: false,
          };
          // the last one prepared is kept (an older stamp kept by a race is prepared again at the next answer)
          this.banks.set(atom.id, entry);
          return entry;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Forget an atom's bank (a question in it was found changed without its atom's bank version). */
  drop(atomId: string): void {
    this.banks.delete(atomId);
  }

  /** Exposures this process recorded: counted at once in every kept bank holding the question. */
  noteExposure(questionIds: readonly number[]): void {
    for (const entry of this.banks.values())
      for (const id of questionIds) {
        const at = entry.positionOf.get(id);
        if (at !== undefined) entry.exposure[at]++;
      }
  }

  /** Re-reads the exposure counts in the background once they are older than the refresh time. */
  private refreshExposure(atomId: string, entry: Entry): void {
    const now = this.now();
    if (entry.refreshing || now - entry.exposureReadAt < this.refreshMs) return;
    entry.refreshing = true;
    this.load(atomId)
      .then((records) => {
        for (const q of records) {
          const at = entry.positionOf.get(q.id);
          if (at !== undefined) entry.exposure[at] = q.exposure_count;
        }
        entry.exposureReadAt = now;
      })
      .catch(() => undefined) // the counts kept stay in use; the next answer tries again
      .finally(() => (entry.refreshing = false));
  }
}
