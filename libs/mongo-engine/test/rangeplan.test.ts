// Range reads along an index's sorted keys (src/rangeplan.ts): an anchored prefix regex or a one-sided
// date bound on the field after pinned equalities is answered from the index, exactly: results as MongoDB gives
// them (each expectation is computed from the documents themselves), documents examined only on the engine.
import { Collection, Document } from 'mongodb';
import { anchoredLiteral } from '../src/rangeplan';
import { EXTERNAL_URI, TestDoc, examinedBy, useDriverTarget } from './target';

const t = useDriverTarget();
let n = 0;
const fresh = <T extends Document = TestDoc>(): Collection<T> => t.db.collection<T>(`r${n++}`);
const onEngine = !EXTERNAL_URI;

const examined = (run: () => Promise<unknown>) => examinedBy(t.db, run);

interface Person extends TestDoc {
  _id: number;
  org: string;
  status: string;
  terms: string[];
  due: Date | null;
  at: Date;
}

const NAMES = ['ada', 'adam', 'alan', 'grace', 'ad-hoc', 'a.b', 'Ada', 'ada\u0000x'];
const T0 = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

function people(): Person[] {
  const out: Person[] = [];
  for (let i = 1; i <= 600; i++)
    out.push({
      _id: i,
      org: ['o1', 'o2'][i % 2],
      status: ['open', 'done', 'open'][i % 3],
      // two terms per person, sometimes sharing a prefix (one document under two keys of a range)
      terms: [NAMES[i % NAMES.length], `${NAMES[(i * 7) % NAMES.length]}${i % 5}`],
      due: i % 10 === 0 ? null : new Date(T0 + (i % 40) * DAY),
      at: new Date(T0 + i * 1000),
    });
  return out;
}

describe('ranges of an index after pinned fields', () => {
  let c: Collection<Person>;
  const all = people();
  beforeAll(async () => {
    c = fresh<Person>();
    await c.createIndex({ org: 1, terms: 1 });
    await c.createIndex({ org: 1, status: 1, due: 1 });
    await c.createIndex({ org: 1, status: 1, due: -1, _id: 1 });
    await c.insertMany(all);
  });

  const ids = (docs: Array<{ _id: number }>) => docs.map((d) => d._id).sort((a, b) => a - b);

  it('answers an anchored prefix regex from the index, each document once, also for literals with escapes', async () => {
    for (const [pattern, prefix] of [
      ['^ad', 'ad'],
      ['^ada', 'ada'],
      ['^ad\\-h', 'ad-h'],
      ['^a\\.b', 'a.b'],
      ['^ada\u0000', 'ada\u0000'],
      ['^zz', 'zz'],
    ]) {
      const want = all.filter((p) => p.org === 'o1' && p.terms.some((w) => w.startsWith(prefix)));
      let count = -1;
      let found: Person[] = [];
      const docs = await examined(async () => {
        count = await c.countDocuments({ org: 'o1', terms: { $regex: pattern } });
      });
      found = await c.find({ $and: [{ org: 'o1' }, { terms: { $regex: pattern } }] }).toArray();
      expect(count).toBe(want.length);
      expect(ids(found)).toEqual(ids(want));
      if (onEngine) expect(docs).toBe(0);
    }
  });

  it('leaves case-insensitive and unanchored patterns to be tested (still right)', async () => {
    const ci = await c.countDocuments({ org: 'o2', terms: { $regex: '^ada', $options: 'i' } });
    expect(ci).toBe(all.filter((p) => p.org === 'o2' && p.terms.some((w) => /^ada/i.test(w))).length);
    const inside = await c.countDocuments({ org: 'o2', terms: /da/ });
    expect(inside).toBe(all.filter((p) => p.org === 'o2' && p.terms.some((w) => /da/.test(w))).length);
  });

  it('counts a one-sided date bound after pinned fields without examining documents', async () => {
    const cut = new Date(T0 + 17 * DAY);
    const cases: Array<[string, (d: Date) => boolean]> = [
      ['$lte', (d) => d <= cut],
      ['$lt', (d) => d < cut],
      ['$gt', (d) => d > cut],
      ['$gte', (d) => d >= cut],
    ];
    for (const [op, test] of cases) {
      const want = all.filter((p) => p.org === 'o2' && p.status === 'open' && p.due !== null && test(p.due));
      let count = -1;
      const docs = await examined(async () => {
        count = await c.countDocuments({ org: 'o2', status: 'open', due: { [op]: cut } });
      });
      expect(count).toBe(want.length);
      const found = await c.find({ org: 'o2', status: 'open', due: { [op]: cut } }).toArray();
      expect(ids(found)).toEqual(ids(want));
      if (onEngine) expect(docs).toBe(0);
    }
  });

  it('gives the same page through a range as through a sort of the matches', async () => {
    const cut = new Date(T0 + 9 * DAY);
    const want = all
      .filter((p) => p.org === 'o1' && p.status === 'done' && p.due !== null && p.due > cut)
      .sort((a, b) => b.due!.getTime() - a.due!.getTime() || a._id - b._id)
      .slice(3, 8);
    const page = await c
      .find({ org: 'o1', status: 'done', due: { $gt: cut } })
      .sort({ due: -1, _id: 1 })
      .skip(3)
      .limit(5)
      .toArray();
    expect(page.map((p) => p._id)).toEqual(want.map((p) => p._id));
  });

  it('follows writes made after the first ordered read', async () => {
    await c.insertOne({
      _id: 1000,
      org: 'o1',
      status: 'open',
      terms: ['adalbert'],
      due: new Date(T0 - DAY),
      at: new Date(T0),
    });
    expect(await c.countDocuments({ org: 'o1', terms: /^adal/ })).toBe(1);
    expect(await c.countDocuments({ org: 'o1', status: 'open', due: { $lt: new Date(T0) } })).toBe(1);
    await c.deleteOne({ _id: 1000 });
    expect(await c.countDocuments({ org: 'o1', terms: /^adal/ })).toBe(0);
  });
});

describe('anchoredLiteral', () => {
  it('reads the literal of an anchored pattern and refuses anything else', () => {
    expect(anchoredLiteral({ $regex: '^ab\\.c' })).toBe('ab.c');
    expect(anchoredLiteral(/^a@b/)).toBe('a@b');
    expect(anchoredLiteral({ $regex: '^ab', $options: 'i' })).toBeNull();
    expect(anchoredLiteral(/^ab/m)).toBeNull();
    expect(anchoredLiteral({ $regex: '^a.c' })).toBeNull();
    expect(anchoredLiteral({ $regex: '^ab*' })).toBeNull();
    expect(anchoredLiteral({ $regex: '^a\\d' })).toBeNull();
    expect(anchoredLiteral({ $regex: 'ab' })).toBeNull();
    expect(anchoredLiteral({ $regex: '^' })).toBeNull();
  });
});
