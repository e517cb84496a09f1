// Many answered quizzes at once (given the schema's defaults, inserted lean through mongoose), for
// analytics tests that need more answers than driving the quiz API would give in a test's time: candidates of known ability take 10-question
// adaptive quizzes of an atom's real bank (the simulator's selection) and answer its beta question as
// a simulated candidate does (ops/seed/simulated-candidates.ts' betaTruth parameters).
import { randomBytes } from 'node:crypto';
import { createRng, probabilityCorrect } from '@skillquiz/adaptive';
import { simulateBank } from '@skillquiz/item-analysis';
import { betaTruth } from '../../src/ops/seed/simulated-candidates';
import {
  Atom,
  Question,
  QuizResult,
  responsesOf,
  type QuestionDoc,
  type QuizResultDoc,
  type ServedQuestionDoc,
} from '../../src/models';
import type { Slot } from '../../src/quiz/plan';
import { servedRecord } from '../../src/quiz/selection';
import { toQuestionRecord } from '../../src/content/bank/for-quiz';

/** One answered served record of `q`, built as the quiz builds it and answered 20 s after serving. */
export function served(
  q: QuestionDoc,
  atomId: string,
  number: number,
  scored: boolean,
  correct: boolean,
): ServedQuestionDoc {
  const at = new Date(Date.now() - 60_000);
  const slot: Slot = scored
    ? { number, atom_id: atomId, kind: 'scored' }
    : { number, atom_id: atomId, kind: 'beta', question_id: q._id };
  const record = servedRecord(toQuestionRecord(q), slot, at);
  // The key, or always the same wrong answer (the bank's first), wherever the shuffle put it.
  const pick = q.answers.find((a) => (a.c === true) === correct)!.hash_id;
  const chosen = record.snapshot.answers.find((a) => a.hash_id === pick)!;
  return {
    ...record,
    served_at: at,
    expires_at: new Date(at.getTime() + 120_000),
    answered_at: new Date(at.getTime() + 20_000),
    answer: chosen.hash_id,
    answer_position: record.snapshot.answers.indexOf(chosen),
    correct,
  };
}

export async function insertAnsweredQuizzes(
  atomId: string,
  betaId: number,
  candidates: number,
): Promise<void> {
  const atom = (await Atom.findById(atomId).lean().exec())!;
  const beta = new Set(atom.beta_question_ordering);
  const bank = (
    await Question.find({ atoms: atomId, administered: true }).lean<QuestionDoc[]>().exec()
  ).filter((q) => !beta.has(q._id));
  const byId = new Map(bank.map((q) => [String(q._id), q]));
  const betaQ = (await Question.findById(betaId).lean<QuestionDoc>().exec())!;
  const truth = betaTruth(betaId, betaQ.difficulty_params);
  const records = new Map<number, { theta: number; served: ServedQuestionDoc[] }>();
  simulateBank({
    items: bank.map((q) => ({
      id: String(q._id),
      a: q.difficulty_params.a,
      d: q.difficulty_params.d,
      claim: q.claim,
    })),
    numQuestions: 10,
    candidates,
    seed: 11,
    onAnswer: ({ candidate, theta, item, correct }) => {
      const entry = records.get(candidate) ?? { theta, served: [] };
      entry.served.push(served(byId.get(item.id)!, atomId, entry.served.length + 1, true, correct));
      records.set(candidate, entry);
    },
  });
  const rng = createRng(5);
  const docs = [...records.values()].map(({ theta, served: list }) => {
    list.push(served(betaQ, atomId, list.length + 1, false, rng() < probabilityCorrect(truth, theta)));
    return {
      token: randomBytes(18).toString('base64url'),
      atom_ids: [atomId],
      plan: [{ atom_id: atomId, scored: 10, beta_question_id: betaId }],
      served: list,
      started_at: new Date(),
      finished_at: new Date(),
    };
  });
  // Given their defaults and their analytics copy (the save hook's own `responsesOf`) as a save would,
  // then inserted lean: hydrating, casting and validating 900 quizzes of eleven snapshots each took
  // most of the analytics suite (30-90 s by load) for data the product's own builders just made.
  const at = new Date();
  const lean = docs.map((d) => {
    const doc = QuizResult.applyDefaults(d) as QuizResultDoc;
    return {
      ...doc,
      responses: responsesOf(doc.served),
      responses_rev: doc.rev,
      created_at: at,
      updated_at: at,
    };
  });
  await QuizResult.insertMany(lean, { lean: true });
}
