import { applyUpdate, buildUpsertDoc } from './update';

const upd = (
  doc: Record<string, unknown>,
  u: unknown,
  query: Record<string, unknown> = {},
  arrayFilters?: Record<string, unknown>[],
) => applyUpdate(doc, u, { query, arrayFilters, inserting: false });

describe('applyUpdate', () => {
  it('never mutates the stored document', () => {
    const doc = { _id: 1, a: { b: [1, 2] } };
    const out = upd(doc, { $push: { 'a.b': 3 }, $set: { 'a.c': 1 } });
    expect(doc).toEqual({ _id: 1, a: { b: [1, 2] } });
    expect(out).toEqual({ _id: 1, a: { b: [1, 2, 3], c: 1 } });
  });

  it('resolves two positional paths against the same matched element', () => {
    const doc = {
      _id: 1,
      xs: [
        { k: 'a', n: 0, s: '' },
        { k: 'b', n: 0, s: '' },
      ],
    };
    const out = upd(doc, { $inc: { 'xs.$.n': 2 }, $set: { 'xs.$.s': 'hit' } }, { 'xs.k': 'b' });
    expect(out.xs).toEqual([
      { k: 'a', n: 0, s: '' },
      { k: 'b', n: 2, s: 'hit' },
    ]);
  });

  it('errors when the positional operator has no match', () => {
    expect(() => upd({ _id: 1, xs: [1] }, { $set: { 'xs.$': 2 } }, { _id: 1 })).toThrow(
      /positional operator did not find the match/,
    );
  });

  it('applies nested arrayFilters', () => {
    const doc = { _id: 1, m: [{ rows: [{ v: 1 }, { v: 5 }] }, { rows: [{ v: 7 }] }] };
    const out = upd(doc, { $set: { 'm.$[].rows.$[big].flag': true } }, {}, [{ 'big.v': { $gt: 4 } }]);
    expect(out.m).toEqual([{ rows: [{ v: 1 }, { v: 5, flag: true }] }, { rows: [{ v: 7, flag: true }] }]);
  });

  it('refuses to create a field inside a scalar', () => {
    expect(() => upd({ _id: 1, a: 5 }, { $set: { 'a.b': 1 } })).toThrow(/Cannot create field/);
  });

  it('builds upsert documents from equality conditions, $and and $setOnInsert', () => {
    const doc = buildUpsertDoc(
      { $and: [{ a: 1 }, { 'b.c': { $eq: 2 } }], d: { $gt: 5 } },
      { $set: { x: 1 }, $setOnInsert: { y: 2 } },
    );
    expect(doc).toMatchObject({ a: 1, b: { c: 2 }, x: 1, y: 2 });
    expect(doc).not.toHaveProperty('d');
    expect(Object.keys(doc)[0]).toBe('_id');
  });

  it('ignores $setOnInsert on updates of existing documents', () => {
    expect(upd({ _id: 1 }, { $setOnInsert: { a: 1 }, $set: { b: 1 } })).toEqual({ _id: 1, b: 1 });
  });
});
