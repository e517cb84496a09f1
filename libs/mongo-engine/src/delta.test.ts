import { Binary, Long, ObjectId } from 'bson';
import { Doc, encode } from './bsonutil';
import { applyChanges, diffDoc } from './delta';

/** next as replay would rebuild it from prev and the journaled changes: byte for byte, key order included */
function roundTrip(prev: Doc, next: Doc) {
  const ch = diffDoc(prev, next);
  expect(ch).not.toBeNull();
  const rebuilt = applyChanges(prev, ch!);
  expect(encode(rebuilt).equals(encode(next))).toBe(true);
  return ch!;
}

describe('update changes for the journal', () => {
  const served = (n: number) => ({ number: n, snapshot: { text: 'q'.repeat(500), answers: ['a', 'b'] } });
  const quiz = { _id: new ObjectId(), rev: 3, served: [served(1), served(2)], estimates: [{ e: 0.1 }] };

  it('records an answer as a few assignments, not the served snapshots', () => {
    const next = {
      ...quiz,
      rev: 4,
      served: [served(1), { ...served(2), answered_at: new Date(5), correct: true }, served(3)],
      estimates: [{ e: 0.4 }],
    };
    const ch = roundTrip(quiz, next);
    expect(ch.map((c) => c.p.join('.'))).toEqual([
      'rev',
      'served.1.answered_at',
      'served.1.correct',
      'served',
      'estimates.0.e',
    ]);
    expect(ch.find((c) => c.p.join('.') === 'served')).toMatchObject({ at: 2 });
    expect(encode({ ch }).length).toBeLessThan(encode(next).length / 2);
  });

  it('deletes keys, shortens arrays and keeps the key order of the new document', () => {
    roundTrip({ _id: 1, a: 1, b: { c: 2, d: 3 }, arr: [1, 2, 3] }, { _id: 1, a: 1, b: { d: 3 }, arr: [1] });
    // a key moved: the parent is set whole so the order matches
    const ch = roundTrip({ _id: 1, o: { x: 1, y: 2 } }, { _id: 1, o: { y: 2, x: 1 } });
    expect(ch).toEqual([{ p: ['o'], v: { y: 2, x: 1 } }]);
  });

  it('sees changes MongoDB equality would hide: number types and binary subtypes', () => {
    roundTrip({ _id: 1, n: 1 }, { _id: 1, n: Long.fromNumber(2 ** 60) });
    roundTrip({ _id: 1, b: new Binary(Buffer.from('x'), 0) }, { _id: 1, b: new Binary(Buffer.from('x'), 4) });
  });

  it('keeps a field named __proto__ a plain field', () => {
    const next = JSON.parse('{"_id":1,"__proto__":{"x":1}}');
    const rebuilt = applyChanges({ _id: 1 }, diffDoc({ _id: 1 }, next)!);
    expect(Object.getPrototypeOf(rebuilt)).toBe(Object.prototype);
    expect(Object.keys(rebuilt)).toEqual(['_id', '__proto__']);
    expect((Object.prototype as Doc).x).toBeUndefined();
  });

  it('does not touch the stored document', () => {
    const prev = { _id: 1, a: { b: [1, 2] } };
    applyChanges(prev, diffDoc(prev, { _id: 1, a: { b: [1, 2, 3] } })!);
    expect(prev).toEqual({ _id: 1, a: { b: [1, 2] } });
  });
});
