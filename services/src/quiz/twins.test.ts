// Unit tests of the twin rule (pure): which questions may not share a quiz.
import { areTwins, isTwinOfTaken, takenFamilyIds } from './twins';

const q = (id: number, original_question_id: number | null = null) => ({ id, original_question_id });

describe('twins', () => {
  it('a question and its variation are twins, either way round', () => {
    expect(areTwins(q(1), q(2, 1))).toBe(true);
    expect(areTwins(q(2, 1), q(1))).toBe(true);
  });
  it('two variations of one original are twins', () => {
    expect(areTwins(q(2, 1), q(3, 1))).toBe(true);
  });
  it('unrelated questions and a question with itself', () => {
    expect(areTwins(q(1), q(2))).toBe(false);
    expect(areTwins(q(2, 1), q(4, 3))).toBe(false);
    expect(areTwins(q(5), q(5))).toBe(true);
  });
  it('checks a candidate against everything already taken', () => {
    const taken = takenFamilyIds([q(10), q(21, 20)]);
    expect(isTwinOfTaken(q(11, 10), taken)).toBe(true); // variation of a served original
    expect(isTwinOfTaken(q(20), taken)).toBe(true); // the original of a served variation
    expect(isTwinOfTaken(q(22, 20), taken)).toBe(true); // a sibling of a served variation
    expect(isTwinOfTaken(q(30, 31), taken)).toBe(false);
  });
});
