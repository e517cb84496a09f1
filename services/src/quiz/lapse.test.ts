// The lapse rule (quiz/timing.ts), which the quiz API applies when the candidate calls again and the
// expiry sweep applies on time: both must call the same page-close lapsed, at the same moment.
import { latestLapsedLeave, lapseLeave, leaveLapsesAt } from './timing';

const GRACE = 120;
const left_at = new Date('2026-01-01T00:00:00.000Z');
const lapse = new Date('2026-01-01T02:00:00.000Z');

describe('the lapse rule', () => {
  it('abandons a page-close at left_at + grace', () => {
    expect(leaveLapsesAt(left_at, GRACE)).toEqual(lapse);
    expect(lapseLeave({ left_at, abandoned_at: null }, lapse, GRACE)).toEqual({
      left_at: null,
      abandoned_at: lapse,
    });
  });

  it('keeps the quiz open until then, and an abandon already written as it was', () => {
    const open = { left_at, abandoned_at: null };
    expect(lapseLeave(open, new Date(lapse.getTime() - 1), GRACE)).toBe(open);
    const abandoned = { left_at, abandoned_at: new Date('2026-01-01T00:30:00Z') };
    expect(lapseLeave(abandoned, new Date('2026-01-02T00:00:00Z'), GRACE)).toBe(abandoned);
    const stayed = { left_at: null, abandoned_at: null };
    expect(lapseLeave(stayed, new Date('2026-01-02T00:00:00Z'), GRACE)).toBe(stayed);
  });

  it("finds by the sweep's query bound exactly the page-closes lapseLeave lapses", () => {
    const now = new Date('2026-03-04T05:06:07.089Z');
    const bound = latestLapsedLeave(now, GRACE).getTime();
    for (const offset of [-60_000, -2, -1, 0, 1, 2, 60_000]) {
      const left = new Date(bound + offset);
      const found = left.getTime() <= bound; // the sweep's { left_at: { $lte: bound } }
      const lapsed = lapseLeave({ left_at: left, abandoned_at: null }, now, GRACE).abandoned_at !== null;
      expect({ offset, lapsed }).toEqual({ offset, lapsed: found });
    }
  });

  it('follows the grace it is given', () => {
    const now = new Date('2026-01-01T00:10:00Z');
    expect(lapseLeave({ left_at, abandoned_at: null }, now, 10).abandoned_at).toEqual(now);
    expect(lapseLeave({ left_at, abandoned_at: null }, now, 11).abandoned_at).toBeNull();
  });
});
