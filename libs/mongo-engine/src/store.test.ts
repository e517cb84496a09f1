import { ObjectId } from 'bson';
import { Collection } from './store';
import { findDocs } from './query';
import { sourceFor } from './plan';
import { Doc } from './bsonutil';

/** The documents an index narrows `filter` to, or null when a scan is needed. */
function candidates(c: Collection, filter: Doc): Doc[] | null {
  const source = sourceFor(c, filter);
  return source ? [...source.keys()].map((k) => c.docs.get(k)!) : null;
}

function populate(): Collection {
  const c = new Collection('db', 'c');
  c.addIndex({ name: 'email_1', key: { email: 1 }, unique: true }, true);
  c.addIndex({ name: 'org_1_num_1', key: { org: 1, num: 1 } }, true);
  c.addIndex({ name: 'tags_1', key: { tags: 1 } }, true);
  c.addIndex({ name: 'nick_1', key: { nick: 1 }, sparse: true }, true);
  for (let i = 0; i < 5000; i++)
    c.put(
      {
        _id: i,
        email: `u${i}@x`,
        org: `o${i % 10}`,
        num: i % 7,
        tags: [`t${i % 3}`, 'all'],
        ...(i % 2 ? { nick: `n${i}` } : {}),
      },
      true,
    );
  return c;
}

describe('candidate documents from indexes instead of scans', () => {
  const c = populate();

  it('answers _id and unique-field equality with exactly the matching documents', () => {
    expect(candidates(c, { _id: 42 })!.map((d) => d._id)).toEqual([42]);
    expect(candidates(c, { email: 'u7@x' })!.map((d) => d._id)).toEqual([7]);
    expect(candidates(c, { email: { $eq: 'u7@x' } })!.map((d) => d._id)).toEqual([7]);
    expect(
      candidates(c, { email: { $in: ['u1@x', 'u2@x', 'nope'] } })!
        .map((d) => d._id)
        .sort(),
    ).toEqual([1, 2]);
    expect(candidates(c, { $and: [{ email: 'u9@x' }, { org: 'o9' }] })!.map((d) => d._id)).toEqual([9]);
  });

  it('uses a compound index when every field, or its first field, is pinned', () => {
    const both = candidates(c, { org: 'o3', num: 3 })!;
    expect(both.length).toBe(both.filter((d) => d.org === 'o3' && d.num === 3).length);
    expect(both.length).toBeGreaterThan(0);
    const prefix = candidates(c, { org: 'o3' })!;
    expect(prefix).toHaveLength(500);
    expect(prefix.every((d) => d.org === 'o3')).toBe(true);
    expect(candidates(c, { num: 3 })).toBeNull(); // not a prefix
  });

  it('looks up array elements in a multikey index', () => {
    expect(candidates(c, { tags: 't1' })!.length).toBe(1667);
  });

  it('answers a regex on an indexed field from the index keys', () => {
    const found = candidates(c, { email: /^u1/ })!;
    expect(found).toHaveLength(1111); // u1, u10-u19, u100-u199, u1000-u1999
    expect(found.every((d) => /^u1/.test(d.email))).toBe(true);
    expect(candidates(c, { email: { $regex: 'U4999', $options: 'i' } })!.map((d) => d._id)).toEqual([4999]);
    // $or of answerable branches: the union
    expect(candidates(c, { $or: [{ email: 'u3@x' }, { _id: 4 }] })!.map((d) => d._id)).toEqual([3, 4]);
    expect(candidates(c, { $or: [{ email: 'u3@x' }, { unindexed: 4 }] })).toBeNull();
  });

  it('falls back to a scan for conditions a hash cannot answer', () => {
    expect(candidates(c, { email: { $gt: 'u' } })).toBeNull();
    expect(candidates(c, { unindexed: 1 })).toBeNull();
    expect(candidates(c, { nick: null })).toBeNull(); // a sparse index lacks the documents without the field
  });

  it('keeps indexes in step with updates and removals', () => {
    const d = c.getById(5)!;
    c.put({ ...d, email: 'moved@x' }, true);
    expect(candidates(c, { email: 'u5@x' })).toEqual([]);
    expect(candidates(c, { email: 'moved@x' })!.map((x) => x._id)).toEqual([5]);
    c.remove(5);
    expect(candidates(c, { email: 'moved@x' })).toEqual([]);
  });

  it('gives the same answers as a scan', () => {
    const q = { org: 'o4', num: 2, tags: 'all' };
    const viaIndex = findDocs(c, q, { sort: { _id: 1 } }, 'find').map((d) => d._id);
    const scan = [...c.docs.values()]
      .filter((d) => d.org === 'o4' && d.num === 2)
      .map((d) => d._id)
      .sort((a, b) => a - b);
    expect(viaIndex).toEqual(scan);
    expect(viaIndex.length).toBeGreaterThan(0);
  });

  it('treats ObjectIds with the same value as equal', () => {
    const k = new Collection('db', 'k');
    const id = new ObjectId();
    k.put({ _id: id, v: 1 }, true);
    expect(candidates(k, { _id: new ObjectId(id.toHexString()) })).toHaveLength(1);
    expect(() => k.checkConstraints({ _id: new ObjectId(id.toHexString()) })).toThrow(/E11000/);
  });
});

describe("a large index's sorted keys and a pinned prefix of few documents", () => {
  // 100,001 events of 2,501 quizzes (40 each; one quiz of 1,001): more than BUILD_OVER documents
  const c = new Collection('db', 'events');
  c.addIndex({ name: 'token_1_at_1', key: { token: 1, at: 1 } }, true);
  const n = 100_001;
  const events: { _id: number; token: string; at: Date }[] = [];
  for (let i = 0; i < n; i++) {
    const token = i < 1001 ? 'big' : `q${Math.floor(i / 40)}`;
    // times out of insertion order within a quiz, so a natural-order answer would be wrong
    events.push({ _id: i, token, at: new Date(1_700_000_000_000 + ((i * 7919) % n) * 1000) });
    c.put(events[i], true);
  }
  const ix = c.indexes[0];
  const expected = (token: string, dir: 1 | -1) =>
    events
      .filter((d) => d.token === token)
      .sort((a, b) => dir * (a.at.getTime() - b.at.getTime()))
      .map((d) => d._id);

  it('sorts the few documents instead of building every key in order, with the same answer', () => {
    for (const [token, dir] of [
      ['q500', 1],
      ['q2000', -1],
    ] as const) {
      const got = findDocs(c, { token }, { sort: { at: dir } }, 'find').map((d) => d._id);
      expect(got).toHaveLength(40);
      expect(got).toEqual(expected(token, dir));
    }
    expect(ix.hasOrderedKeys).toBe(false);
  });

  it('builds them for a prefix of many documents, and reads along them from then on', () => {
    const got = findDocs(c, { token: 'big' }, { sort: { at: 1 }, skip: 10, limit: 5 }, 'find').map(
      (d) => d._id,
    );
    expect(got).toEqual(expected('big', 1).slice(10, 15));
    expect(ix.hasOrderedKeys).toBe(true);
    expect(findDocs(c, { token: 'q700' }, { sort: { at: 1 } }, 'find').map((d) => d._id)).toEqual(
      expected('q700', 1),
    );
  });
});
