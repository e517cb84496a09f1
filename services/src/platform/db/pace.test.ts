// The duty cycle of a long run of writes: pure arithmetic, and the order of write and rest.
import { paced, restAfter } from './pace';

describe('restAfter', () => {
  it('rests (1 - duty) / duty of the time the write held the engine', () => {
    expect(restAfter(10, { duty: 0.5, maxRestMs: 250 })).toBe(10);
    expect(restAfter(10, { duty: 0.25, maxRestMs: 250 })).toBe(30);
  });
  it('never rests longer than the cap, and not at all for a free write or a full duty', () => {
    expect(restAfter(1_000, { duty: 0.5, maxRestMs: 250 })).toBe(250);
    expect(restAfter(0, { duty: 0.5, maxRestMs: 250 })).toBe(0);
    expect(restAfter(Number.NaN, { duty: 0.5, maxRestMs: 250 })).toBe(0);
    expect(restAfter(40, { duty: 1, maxRestMs: 250 })).toBe(0);
  });
});

describe('paced', () => {
  it('runs the write, then rests as long as restAfter says, and returns what the write returned', async () => {
    let now = 0;
    const events: string[] = [];
    const clock = {
      now: () => now,
      rest: async (ms: number) => {
        events.push(`rest ${ms}`);
      },
    };
    const out = await paced(
      async () => {
        events.push('write');
        now += 20;
        return 'written';
      },
      { duty: 0.5, maxRestMs: 250 },
      clock,
    );
    expect(out).toBe('written');
    expect(events).toEqual(['write', 'rest 20']);
  });
  it('passes a failed write on at once, without a rest', async () => {
    const rests: number[] = [];
    const clock = { now: () => 0, rest: async (ms: number) => void rests.push(ms) };
    await expect(
      paced(() => Promise.reject(new Error('E11000 duplicate key')), { duty: 0.5, maxRestMs: 250 }, clock),
    ).rejects.toThrow('E11000');
    expect(rests).toEqual([]);
  });
});
