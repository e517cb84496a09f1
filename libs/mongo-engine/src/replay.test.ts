// Replaying journal records: documents a record puts are stored from its bytes, and the store ends up as
// applying the decoded ops gives it (documents, indexes, replacements, other ops in between).
import { ObjectId } from 'bson';
import { encode } from './bsonutil';
import { replayRecord } from './replay';
import { Op, Store } from './store';

function replayBoth(records: Op[][]): { raw: Store; decoded: Store } {
  const raw = new Store();
  const decoded = new Store();
  for (const ops of records) {
    expect(replayRecord(encode({ ops }), raw)).toBe(true);
    for (const op of ops) decoded.apply(op, false);
  }
  return { raw, decoded };
}

const dump = (s: Store) =>
  [...s.dbs].flatMap(([db, colls]) =>
    [...colls].map(([name, c]) => ({
      ns: `${db}.${name}`,
      docs: [...c.docs.values()],
      indexes: c.indexes.map((ix) => [ix.name, [...ix.map.keys()].sort(), ix.multikey]),
    })),
  );

describe('replayRecord', () => {
  it('stores put documents from the record bytes, as applying the decoded ops does', () => {
    const at = new Date(1_700_000_000_000);
    const records: Op[][] = [
      [
        { o: 'cc', db: 'd', c: 'events', opts: {} },
        { o: 'ci', db: 'd', c: 'events', spec: { name: 'token_1_at_1', key: { token: 1, at: 1 } } },
        { o: 'ci', db: 'd', c: 'events', spec: { name: 'tags_1', key: { tags: 1 } } },
      ],
      Array.from({ length: 50 }, (_, i) => ({
        o: 'put' as const,
        db: 'd',
        c: 'events',
        d: {
          _id: new ObjectId(),
          token: `t${i % 7}`,
          at: new Date(at.getTime() + i),
          tags: [i % 3, 'x'],
          n: i,
        },
      })),
      [
        { o: 'put', db: 'd', c: 'events', d: { _id: 'fixed', token: 'a', at, tags: [] } },
        { o: 'put', db: 'd', c: 'events', d: { _id: 'fixed', token: 'b', at, tags: ['y'] } }, // a replacement
        { o: 'upd', db: 'd', c: 'events', id: 'fixed', ch: [{ p: ['token'], v: 'c' }] },
        { o: 'del', db: 'd', c: 'events', id: 'nothing' },
      ],
    ];
    const { raw, decoded } = replayBoth(records);
    expect(dump(raw)).toEqual(dump(decoded));
    expect(raw.getCollection('d', 'events')!.docs.size).toBe(51);
    expect(raw.getCollection('d', 'events')!.getById('fixed')).toMatchObject({ token: 'c', tags: ['y'] });
  });

  it('reads nothing of a record it cannot parse', () => {
    const store = new Store();
    const good = encode({ ops: [{ o: 'put', db: 'd', c: 'c', d: { _id: 1 } }] });
    const broken = Buffer.from(good);
    broken.writeInt32LE(9999, 4 + 1 + 4 + 4); // an op's length past the record
    expect(replayRecord(broken, store)).toBe(false);
    expect(store.getCollection('d', 'c')).toBeUndefined();
  });
});
