// The question bank as the quiz reads it (the quiz context's QuizBankSource port, handed to the quiz
// router by the composition root): atoms, an atom's scored bank, one question, and the exposure
// counts a served question adds. Questions and atoms are this context's collections; the quiz never
// touches them itself.
import type { AtomRecord, BankRecord, QuestionRecord, QuizBankSource } from '../../quiz';
import { Atom } from '../models/atom';
import { Question, READY_FILTER, type QuestionDoc } from '../models/question';

const BANK_FIELDS = {
  _id: 1,
  difficulty_params: 1,
  claim: 1,
  original_question_id: 1,
  exposure_count: 1,
  version: 1,
} as const;

type BankLean = Pick<QuestionDoc, '_id'> &
  Partial<
    Pick<QuestionDoc, 'difficulty_params' | 'claim' | 'original_question_id' | 'exposure_count' | 'version'>
  >;

function toBank(q: BankLean): BankRecord {
  return {
    id: q._id,
    difficulty_params: { a: q.difficulty_params?.a ?? 1, d: q.difficulty_params?.d ?? 0 },
    claim: q.claim ?? null,
    original_question_id: q.original_question_id ?? null,
    exposure_count: q.exposure_count ?? 0,
    version: q.version ?? null,
  };
}

/**
 * An atom's administered questions as selection reads them. A non-ready question is never served
 * (administered implies ready on every write; this also holds for data written around the API).
 */
async function loadBank(atomId: string): Promise<BankRecord[]> {
  const docs = await Question.find({ atoms: atomId, administered: true, ...READY_FILTER })
    .select(BANK_FIELDS)
    .lean<BankLean[]>()
    .exec();
  return docs.map(toBank);
}

/** A stored question as the quiz rules see it (the snapshot source for servedRecord). */
export function toQuestionRecord(q: QuestionDoc): QuestionRecord {
  return {
    ...toBank(q as BankLean),
    administered: q.administered === true,
    atoms: q.atoms ?? [],
    question_text: q.question_text ?? '',
    code_block: q.code_block ?? '',
    code_language: q.code_language ?? null,
    version: q.version ?? null,
    // Only ready questions are served (no status = stored before review: ready).
    ready: (q.status ?? 'ready') === 'ready',
    answers: (q.answers ?? []).map((a) => ({
      text: a.text ?? '',
      hash_id: a.hash_id,
      c: a.c === true,
      position: a.position ?? null,
    })),
  };
}

/** The bank as the quiz reads it, on the mongoose models. */
export function quizBankSource(): QuizBankSource {
  return {
    async atoms(ids) {
      const docs = await Atom.find({ _id: { $in: [...ids] } })
        .select({
          _id: 1,
          name: 1,
          num_questions: 1,
          eta_minutes: 1,
          beta_question_ordering: 1,
          levels_thresholds: 1,
          version: 1,
          bank_version: 1,
        })
        .lean()
        .exec();
      const map = new Map<string, AtomRecord>();
      for (const a of docs) {
        map.set(a._id, {
          id: a._id,
          name: a.name,
          version: a.version ?? 1,
          bank_version: a.bank_version ?? 0,
          num_questions: a.num_questions ?? 0,
          eta_minutes: a.eta_minutes ?? 0,
          beta_question_ordering: a.beta_question_ordering ?? [],
          levels_thresholds:
            a.levels_thresholds && a.levels_thresholds.length === 5 ? a.levels_thresholds : null,
        });
      }
      return map;
    },

    async question(id) {
      const q = await Question.findById(id).lean().exec();
      return q ? toQuestionRecord(q) : null;
    },

    async recordExposure(ids) {
      // not a content change: updated_at stays (it is when an editor last changed the question)
      await Question.updateMany(
        { _id: { $in: [...ids] } },
        { $inc: { exposure_count: 1 } },
        { timestamps: false },
      ).exec();
    },
    bank: loadBank,
  };
}
