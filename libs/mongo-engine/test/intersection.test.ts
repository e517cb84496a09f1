// Index intersection (src/plan.ts `intersected`): a search, a status and a tag, each with an index of
// its own, answered together from the indexes: results as MongoDB gives them (each expectation is computed from
// the documents themselves), whatever the sort, skip and limit; on the engine, the count reads no document and
// a page reads only the documents it returns. Written to run against a real MongoDB too (MONGODB_TEST_URI).
import { Collection } from 'mongodb';
import { EXTERNAL_URI, TestDoc, examinedBy, useDriverTarget } from './target';

const t = useDriverTarget();
const onEngine = !EXTERNAL_URI;

const examined = (run: () => Promise<unknown>) => examinedBy(t.db, run);

interface Row extends TestDoc {
  _id: number;
  org: string;
  status: string;
  tags: string[];
  terms: string[];
  at: Date;
}

const WORDS = ['ada', 'adam', 'alan', 'grace', 'linus', 'barbara'];
const T0 = Date.UTC(2026, 0, 1);

function rows(): Row[] {
  const out: Row[] = [];
  for (let i = 1; i <= 3000; i++)
    out.push({
      _id: i,
      org: ['o1', 'o2', 'o3'][i % 3],
      status: ['open', 'done', 'gone', 'done'][i % 4],
      tags: i % 5 === 0 ? ['js', 'sql'] : [['js', 'py', 'go'][Math.floor(i / 3) % 3]],
      terms: [WORDS[i % WORDS.length], `${WORDS[(i * 7) % WORDS.length]}${i % 9}`],
      at: new Date(T0 + ((i * 37) % 3000) * 1000),
    });
  return out;
}

describe('several indexes answer one filter together', () => {
  let c: Collection<Row>;
  const all = rows();
  beforeAll(async () => {
    c = t.db.collection<Row>('intersect');
    await c.createIndex({ org: 1, terms: 1 });
    await c.createIndex({ org: 1, status: 1, at: -1, _id: -1 });
    await c.createIndex({ org: 1, tags: 1, at: -1, _id: -1 });
    // status alone too: a set lookup per candidate answers it; the tag's ids are gathered from its index
    await c.createIndex({ status: 1 });
    await c.createIndex({ org: 1, at: -1, _id: -1 });
    await c.insertMany(all);
  });

  const want = (prefix: string, status: string, tag: string) =>
    all
      .filter(
        (r) =>
          r.org === 'o1' &&
          r.status === status &&
          r.tags.includes(tag) &&
          r.terms.some((w) => w.startsWith(prefix)),
      )
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b._id - a._id);

  const searchOnly = (prefix: string) =>
    all.filter((r) => r.org === 'o1' && r.terms.some((w) => w.startsWith(prefix))).length;

  it('counts and pages a search + status + tag exactly, in the sort order, for every skip', async () => {
    for (const [prefix, status, tag] of [
      ['ad', 'done', 'js'],
      ['ada', 'open', 'sql'],
      ['gr', 'gone', 'py'],
      ['zz', 'done', 'js'],
      ['a', 'done', 'nothing'],
    ]) {
      const filter = {
        $and: [{ org: 'o1' }, { tags: tag }, { terms: { $regex: `^${prefix}` } }, { status }],
      };
      const expected = want(prefix, status, tag);
      let count = -1;
      const read = await examined(async () => {
        count = await c.countDocuments(filter);
      });
      expect(count).toBe(expected.length);
      // the big search narrows by set lookups and gathered ids alone; a small one may read a few candidates
      // where gathering another index's ids would cost more (the planner's cost rule), never all it found
      if (onEngine && prefix === 'ad') expect(read).toBe(0);
      if (onEngine) expect(read).toBeLessThan(Math.max(1, searchOnly(prefix)));
      for (const skip of [0, 7, Math.max(0, expected.length - 3)]) {
        let page: Row[] = [];
        const pageRead = await examined(async () => {
          page = await c.find(filter).sort({ at: -1, _id: -1 }).skip(skip).limit(5).toArray();
        });
        expect(page.map((r) => r._id)).toEqual(expected.slice(skip, skip + 5).map((r) => r._id));
        // the page is sorted from about the matches (a small set is read for its sort keys), never from
        // everything the search found
        if (onEngine && prefix === 'ad')
          expect(pageRead).toBeLessThanOrEqual(Math.max(5, 2 * expected.length));
        if (onEngine) expect(pageRead).toBeLessThan(Math.max(6, searchOnly(prefix)));
        if (onEngine && prefix === 'ad') expect(searchOnly(prefix)).toBeGreaterThan(4 * expected.length);
      }
    }
  });

  it('stays exact when only part of the filter has an index, and after writes', async () => {
    // `at` bound and a $ne have no exact index answer here: they are tested on the narrowed candidates
    const bound = new Date(T0 + 1500 * 1000);
    const filter = { org: 'o1', tags: 'js', status: 'done', terms: { $regex: '^a' }, at: { $gte: bound } };
    const check = async () => {
      const matches = all.filter(
        (r) =>
          r.org === 'o1' &&
          r.tags.includes('js') &&
          r.status === 'done' &&
          r.terms.some((w) => w.startsWith('a')) &&
          r.at >= bound,
      );
      const sorted = (list: Array<{ _id: number }>) => list.map((d) => d._id).sort((a, b) => a - b);
      expect(await c.countDocuments(filter)).toBe(matches.length);
      expect(sorted(await c.find({ ...filter, _id: { $ne: matches[0]?._id ?? 0 } }).toArray())).toEqual(
        sorted(matches.slice(1)),
      );
    };
    await check();
    // a document moves out of one index's answer (its status) and another into it (its tag)
    const moved = all.find((r) => r.org === 'o1' && r.status === 'done' && r.tags.includes('js'))!;
    await c.updateOne({ _id: moved._id }, { $set: { status: 'open' } });
    moved.status = 'open';
    const joined = all.find((r) => r.org === 'o1' && r.status === 'done' && !r.tags.includes('js'))!;
    joined.tags = [...joined.tags, 'js'];
    await c.updateOne({ _id: joined._id }, { $set: { tags: joined.tags } });
    await c.deleteOne({
      _id: all.find((r) => r.org === 'o1' && r.status === 'done' && r.tags.includes('js'))!._id,
    });
    all.splice(
      all.findIndex((r) => r.org === 'o1' && r.status === 'done' && r.tags.includes('js')),
      1,
    );
    await check();
  });
});
