// RestEstimateCache: the rest abilities it gives are exactly what RestAbilities computes over the
// whole list, whichever quizzes it kept, and a quiz whose version moved is computed again.
import { RestAbilities, type ServedResponse } from '@skillquiz/item-analysis';
import { RestEstimateCache, type QuizSpan } from './rest-cache';

/** `quizzes` quizzes of 20 answers over two atoms, with parameters and outcomes from a fixed sequence. */
function responsesOf(quizzes: number, flip = -1): { responses: ServedResponse[]; spans: QuizSpan[] } {
  const responses: ServedResponse[] = [];
  const spans: QuizSpan[] = [];
  let x = 7;
  const next = () => (x = (x * 48271) % 2147483647) / 2147483647;
  for (let q = 0; q < quizzes; q++) {
    const start = responses.length;
    for (let n = 0; n < 20; n++) {
      const answered = n !== 19 || q % 3 !== 0; // some quizzes end unanswered
      const correct = answered ? next() < 0.6 !== (q === flip && n === 4) : null;
      responses.push({
        quizId: `quiz${q}`,
        atomId: q % 2 ? 'js' : 'sql',
        questionId: 1 + Math.floor(next() * 50),
        scored: n !== 10,
        params: { a: 0.5 + next() * 1.5, d: next() * 4 - 2 },
        correct,
        timedOut: false,
        choice: correct === null ? null : 'c',
        key: 'k',
        responseMs: 1000,
      });
    }
    spans.push({ quizId: `quiz${q}`, start, length: 20, version: `${q === flip ? 2 : 1}/1` });
  }
  return { responses, spans };
}

describe('RestEstimateCache', () => {
  it('gives what RestAbilities gives over every quiz, computed cold, warm and after one quiz changed', () => {
    const cache = new RestEstimateCache();
    const before = responsesOf(40);
    const full = new RestAbilities(before.responses).allRestEstimates();
    expect(cache.estimates(before.responses, before.spans)).toEqual(full);
    // the same list again, from what was kept
    expect(cache.estimates(before.responses, before.spans)).toEqual(full);
    // one quiz answered differently, at a new version: computed again, the rest kept
    const after = responsesOf(40, 13);
    const fullAfter = new RestAbilities(after.responses).allRestEstimates();
    expect(fullAfter).not.toEqual(full);
    expect(cache.estimates(after.responses, after.spans)).toEqual(fullAfter);
    // a list of some of the quizzes (one atom's) in another order of quizzes
    const some = after.spans.filter((s) => s.quizId.endsWith('3') || s.quizId.endsWith('7')).reverse();
    const subset: ServedResponse[] = [];
    const spans = some.map((s) => {
      const span = { ...s, start: subset.length };
      subset.push(...after.responses.slice(s.start, s.start + s.length));
      return span;
    });
    expect(cache.estimates(subset, spans)).toEqual(new RestAbilities(subset).allRestEstimates());
  });

  it('computes a quiz again only when its version moves', () => {
    const cache = new RestEstimateCache();
    const { responses, spans } = responsesOf(4);
    const first = cache.estimates(responses, spans);
    // answers changed under an unchanged version are not seen (every quiz write moves the version)...
    const changed = responsesOf(4, 1).responses;
    expect(cache.estimates(changed, spans)).toEqual(first);
    // ...and are once it moves
    const moved = spans.map((s) => (s.quizId === 'quiz1' ? { ...s, version: 'next' } : s));
    expect(cache.estimates(changed, moved)).toEqual(new RestAbilities(changed).allRestEstimates());
  });
});
