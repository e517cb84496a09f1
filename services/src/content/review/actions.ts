// Review actions on one question: changing its review status, and linking it to another
// as a variation (one family: the quiz never serves two of a family in one sitting).
import type { Question as QuestionView, QuestionStatus } from '@skillquiz/contracts';
import { patchQuestion } from '../bank/question-patch';
import { badRequest } from '../../platform';
import { Question, type QuestionDoc } from '../models/question';
import { decideStatus, type ReviewRules } from '../bank/status';

/** POST /api/questions/:id/status */
export async function changeStatus(
  id: number,
  status: QuestionStatus,
  version: number,
  actor: string,
  rules: ReviewRules,
): Promise<QuestionView> {
  return patchQuestion(id, version, actor, (before) => ({
    patch: {
      status: decideStatus({
        before,
        requested: status,
        administered: before.administered,
        contentChanged: false,
        actor,
        rules,
      }),
    },
    via: 'status',
  }));
}

/** The root of a question's variation family (originals may themselves point further; at most 20 hops). */
async function familyRoot(id: number): Promise<number> {
  let current = id;
  for (let hop = 0; hop < 20; hop++) {
    const q = await Question.findById(current, { original_question_id: 1 })
      .lean<Pick<QuestionDoc, 'original_question_id'>>()
      .exec();
    if (!q?.original_question_id) return current;
    current = q.original_question_id;
  }
  return current;
}

/**
 * POST /api/questions/:id/variation. Links the question to `originalId`'s family (its root, so a
 * family is one original and its variations, as the quiz reads it), or unlinks it (null). Refused:
 * linking to itself or to a question of its own family's descendants, and linking a question that
 * other questions name as their original (link those first, or they would leave the family).
 */
export async function linkVariation(
  id: number,
  originalId: number | null,
  version: number,
  actor: string,
): Promise<QuestionView> {
  let root: number | null = null;
  if (originalId !== null) {
    if (originalId === id)
      throw badRequest('original_question_id: a question cannot be a variation of itself');
    if (!(await Question.exists({ _id: originalId }).exec()))
      throw badRequest(`original_question_id: no question with id ${originalId}`);
    root = await familyRoot(originalId);
    if (root === id)
      throw badRequest(
        `Question ${originalId} is already a variation of question ${id}: they are one family`,
      );
    const children = await Question.find({ original_question_id: id }, { _id: 1 }).lean().exec();
    if (children.length)
      throw badRequest(
        `Question ${id} is the original of ${children.map((c) => c._id).join(', ')}: link ${
          children.length > 1 ? 'those' : 'that one'
        } to question ${root} first, so the family stays together`,
      );
  }
  return patchQuestion(id, version, actor, () => ({
    patch: { original_question_id: root },
    via: 'variation',
  }));
}
