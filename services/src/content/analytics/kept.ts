// Values computed or read per quiz, kept between statistics reads at the version of the quiz they came from:
// after a new answer only that quiz's are read or computed again.

/** Values per key at a version; past `budget` units (`sizeOf`), the values kept longest go first. */
export class KeptByVersion<T> {
  private readonly kept = new Map<string, { version: string; value: T }>();
  private units = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** The value kept for `key`, if it was kept at `version`. */
  get(key: string, version: string): T | undefined {
    const hit = this.kept.get(key);
    return hit?.version === version ? hit.value : undefined;
  }

  set(key: string, version: string, value: T): void {
    const old = this.kept.get(key);
    if (old) {
      this.units -= this.sizeOf(old.value);
      this.kept.delete(key);
    }
    this.kept.set(key, { version, value });
    this.units += this.sizeOf(value);
    for (const [k, entry] of this.kept) {
      if (this.units <= this.budget) break;
      this.kept.delete(k);
      this.units -= this.sizeOf(entry.value);
    }
  }

  /** The units kept (responses, for the callers here). */
  get size(): number {
    return this.units;
  }
}
