import { estimateFromResponses } from '@skillquiz/adaptive';
import { RestAbilities, type ServedResponse } from './responses';
import { itemStatistics, pointBiserial, quantile } from './statistics';

function response(
  over: Partial<ServedResponse> & Pick<ServedResponse, 'quizId' | 'questionId'>,
): ServedResponse {
  return {
    atomId: 'js',
    scored: true,
    params: { a: 1, d: 0 },
    correct: true,
    timedOut: false,
    choice: 'k',
    key: 'k',
    responseMs: 1000,
    ...over,
  };
}

describe('pointBiserial', () => {
  it('matches the hand-computed Pearson correlation of a 0/1 variable', () => {
    // abilities 1,2,3,4 with correct 0,0,1,1: mean 2.5, sd sqrt(1.25), mean of correct 3.5, p = 0.5
    // r = (3.5 - 2.5) / sqrt(1.25) * sqrt(0.5 / 0.5) = 0.894427...
    expect(pointBiserial([false, false, true, true], [1, 2, 3, 4])).toBeCloseTo(0.894427191, 9);
    expect(pointBiserial([true, true, false, false], [1, 2, 3, 4])).toBeCloseTo(-0.894427191, 9);
  });

  it('is null without variation', () => {
    expect(pointBiserial([true, true], [1, 2])).toBeNull();
    expect(pointBiserial([true, false], [1, 1])).toBeNull();
    expect(pointBiserial([true], [1])).toBeNull();
  });
});

describe('quantile', () => {
  it('interpolates between order statistics', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.9)).toBeCloseTo(91, 9);
    expect(quantile([], 0.5)).toBeNull();
  });
});

describe('RestAbilities', () => {
  it('is the EAP of the other scored answers of the same quiz and atom (brute force)', () => {
    const rs: ServedResponse[] = [
      response({ quizId: 'q1', questionId: 1, params: { a: 1.2, d: 0.3 }, correct: true }),
      response({ quizId: 'q1', questionId: 2, params: { a: 0.8, d: -0.5 }, correct: false }),
      response({ quizId: 'q1', questionId: 3, params: { a: 1.5, d: 1 }, correct: true }),
      response({ quizId: 'q1', questionId: 9, params: { a: 1, d: 0 }, correct: false, scored: false }),
      response({ quizId: 'q1', questionId: 4, atomId: 'py', params: { a: 2, d: 0 }, correct: false }),
      response({ quizId: 'q2', questionId: 1, params: { a: 1.2, d: 0.3 }, correct: false }),
    ];
    const rest = new RestAbilities(rs);
    const others = (i: number) =>
      rs
        .filter((r, j) => j !== i && r.quizId === rs[i].quizId && r.atomId === rs[i].atomId && r.scored)
        .map((r) => ({ ...r.params, correct: r.correct! }));
    const all = rest.allRestEstimates();
    for (let i = 0; i < rs.length; i++) {
      expect(rest.restEstimate(i)).toBeCloseTo(estimateFromResponses(others(i)).estimate, 10);
      expect(all[i]).toBeCloseTo(estimateFromResponses(others(i)).estimate, 10);
    }
  });
});

describe('itemStatistics', () => {
  it('does not flag a beta question for exposure: every quiz of its atom serves it by design', () => {
    const rs: ServedResponse[] = [];
    for (let c = 0; c < 20; c++) {
      rs.push(response({ quizId: `q${c}`, questionId: 1, correct: c % 2 === 0 }));
      rs.push(response({ quizId: `q${c}`, questionId: 9, correct: c % 3 === 0, scored: false }));
    }
    const stats = itemStatistics(rs, { atomQuizzes: new Map([['js', 20]]) });
    expect(stats.get(9)!.exposureRate).toBe(1);
    expect(stats.get(9)!.flags.map((f) => f.code)).not.toContain('over_exposed');
    // The same serving as a scored question is over the cap.
    expect(stats.get(1)!.flags.map((f) => f.code)).toContain('over_exposed');
  });

  it('uses rest abilities given to it (kept by a caller), and gives the same statistics as computing them', () => {
    const rs: ServedResponse[] = [];
    for (let c = 0; c < 40; c++)
      for (let q = 1; q <= 5; q++)
        rs.push(
          response({
            quizId: `q${c}`,
            questionId: q,
            params: { a: 0.6 + q / 5, d: q - 3 },
            correct: (c * 7 + q * 3) % 5 < 3,
          }),
        );
    const atomQuizzes = new Map([['js', 40]]);
    const computed = itemStatistics(rs, { atomQuizzes });
    const restEstimates = new RestAbilities(rs).allRestEstimates();
    expect(itemStatistics(rs, { atomQuizzes, restEstimates })).toEqual(computed);
    // and they are what it reads: other abilities give another discrimination
    const reversed = restEstimates.map((x) => -x);
    const other = itemStatistics(rs, { atomQuizzes, restEstimates: reversed });
    expect(other.get(3)!.discrimination).toBeCloseTo(-computed.get(3)!.discrimination!, 9);
  });

  it('says a share just above its limit with the digit that tells them apart (25.4%, not 25%)', () => {
    // 1000 quizzes of the atom, the question served in 254 of them: above the 25% cap.
    const rs: ServedResponse[] = [];
    for (let c = 0; c < 254; c++) rs.push(response({ quizId: `q${c}`, questionId: 1, correct: c % 2 === 0 }));
    const flags = itemStatistics(rs, { atomQuizzes: new Map([['js', 1000]]) }).get(1)!.flags;
    const exposure = flags.find((f) => f.code === 'over_exposed')!;
    expect(exposure.reason).toMatch(/Served in 25\.4% of its atom's quizzes, above the 25% exposure cap/);
  });

  it('counts, shares, times, exposure and choices by ability third', () => {
    const rs: ServedResponse[] = [];
    // 30 candidates; an anchor item (id 1) sets their ability; item 2 is answered correctly by the
    // stronger half and its distractor 'x' by the weaker half.
    for (let c = 0; c < 30; c++) {
      const strong = c >= 15;
      rs.push(response({ quizId: `q${c}`, questionId: 1, correct: strong, choice: strong ? 'k' : 'y' }));
      rs.push(
        response({
          quizId: `q${c}`,
          questionId: 2,
          correct: strong,
          choice: strong ? 'k' : 'x',
          key: 'k',
          responseMs: 1000 * (c + 1),
        }),
      );
    }
    rs.push(response({ quizId: 'q0', questionId: 3, correct: null, choice: null }));
    const stats = itemStatistics(rs, { atomQuizzes: new Map([['js', 40]]) });
    const s2 = stats.get(2)!;
    expect(s2.served).toBe(30);
    expect(s2.answered).toBe(30);
    expect(s2.shareCorrect).toBe(0.5);
    expect(s2.exposureRate).toBeCloseTo(30 / 40, 12);
    expect(s2.medianResponseMs).toBe(15500);
    expect(s2.p90ResponseMs).toBeCloseTo(27100, 6);
    expect(s2.discrimination).toBeGreaterThan(0.8);
    const key = s2.choices.find((c) => c.choice === 'k')!;
    const x = s2.choices.find((c) => c.choice === 'x')!;
    expect(key).toMatchObject({ isKey: true, low: 0, high: 10, total: 15 });
    expect(x).toMatchObject({ isKey: false, low: 10, high: 0, total: 15 });
    expect(s2.flags.map((f) => f.code)).toEqual(['over_exposed']);
    expect(s2.flags[0].reason).toMatch(/75% of its atom's quizzes, above the 25% exposure cap/);
    const s3 = stats.get(3)!;
    expect(s3).toMatchObject({ served: 1, answered: 0, shareCorrect: null, discrimination: null });
  });

  it('flags a possible wrong key, negative discrimination, extreme share and time-outs with reasons', () => {
    const rs: ServedResponse[] = [];
    for (let c = 0; c < 60; c++) {
      const strong = c >= 30;
      // Anchor items: strong candidates answer both correctly.
      rs.push(response({ quizId: `q${c}`, questionId: 1, correct: strong }));
      rs.push(response({ quizId: `q${c}`, questionId: 4, correct: strong }));
      // Item 2: the strong pick 'x' (marked wrong), the weak pick the key.
      rs.push(response({ quizId: `q${c}`, questionId: 2, correct: !strong, choice: strong ? 'x' : 'k' }));
      // Item 3: nearly everyone times out.
      const timedOut = c % 4 !== 0;
      rs.push(
        response({
          quizId: `q${c}`,
          questionId: 3,
          correct: timedOut ? false : true,
          timedOut,
          choice: timedOut ? '' : 'k',
        }),
      );
    }
    const stats = itemStatistics(rs, { atomQuizzes: new Map([['js', 1000]]) });
    const codes2 = stats.get(2)!.flags.map((f) => f.code);
    expect(codes2).toEqual(expect.arrayContaining(['low_discrimination', 'possible_wrong_key']));
    expect(stats.get(2)!.flags.find((f) => f.code === 'low_discrimination')!.reason).toMatch(/negative/);
    expect(stats.get(2)!.flags.find((f) => f.code === 'possible_wrong_key')!.reason).toMatch(
      /answer x was chosen 20 times and the correct answer only 0/,
    );
    // Named by its text when the caller knows it (the services pass the text as served).
    const labelled = itemStatistics(rs, {
      atomQuizzes: new Map([['js', 1000]]),
      choiceLabel: (q, choice) => (q === 2 && choice === 'x' ? 'null is an object' : undefined),
    });
    expect(labelled.get(2)!.flags.find((f) => f.code === 'possible_wrong_key')!.reason).toMatch(
      /answer "null is an object" was chosen 20 times and the correct answer only 0/,
    );
    const s3 = stats.get(3)!;
    expect(s3.timeouts).toBe(45);
    expect(s3.flags.map((f) => f.code)).toContain('many_timeouts');
    expect(s3.flags.find((f) => f.code === 'many_timeouts')!.reason).toMatch(/75% of answers are time-outs/);
    // Extreme share: one item everyone gets right, answered 60 >= 50 times.
    const easy = rs
      .filter((r) => r.questionId === 1)
      .map((r) => ({ ...r, questionId: 5, correct: true, choice: 'k' }));
    const s5 = itemStatistics([...rs, ...easy], { atomQuizzes: new Map([['js', 1000]]) }).get(5)!;
    expect(s5.flags.map((f) => f.code)).toEqual(['extreme_share_correct']);
    expect(s5.flags[0].reason).toMatch(/100% of 60 answers are correct: too easy/);
  });
});
