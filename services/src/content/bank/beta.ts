// Beta questions: an atom's beta_question_ordering may only name questions that exist, belong to
// the atom (list it among their atoms: a beta question is served inside this atom's quiz) and are
// not administered (a beta question is served unscored to calibrate it; an administered one is
// already scored); a search-as-you-type picker finds candidates by text or id.
import { type BetaCandidatesResponse, PositiveIntParamSchema } from '@skillquiz/contracts';
import type { QueryFilter } from 'mongoose';
import { badRequest } from '../../platform';
import { Question, type QuestionDoc } from '../models/question';
import { EXCERPT_PROJECTION, toExcerpt, type ExcerptFields } from './excerpt';
import { escapeRegex } from './questions';

/** 400 naming every id that does not exist, is not a question of `atomId`, or is administered. */
export async function checkBetaOrdering(ids: number[] | undefined, atomId: string): Promise<void> {
  if (!ids?.length) return;
  const found = await Question.find({ _id: { $in: ids } }, { _id: 1, administered: 1, atoms: 1 })
    .lean<Pick<QuestionDoc, '_id' | 'administered' | 'atoms'>[]>()
    .exec();
  const byId = new Map(found.map((q) => [q._id, q]));
  const missing = ids.filter((id) => !byId.has(id));
  const foreign = ids.filter((id) => byId.has(id) && !(byId.get(id)!.atoms ?? []).includes(atomId));
  const administered = ids.filter((id) => byId.get(id)?.administered);
  const problems: string[] = [];
  if (missing.length) problems.push(`no question with id ${missing.join(', ')}`);
  if (foreign.length)
    problems.push(
      `question${foreign.length > 1 ? 's' : ''} ${foreign.join(', ')} ${
        foreign.length > 1 ? 'are' : 'is'
      } not a question of the atom ${atomId} (attach ${foreign.length > 1 ? 'them' : 'it'} to the atom first)`,
    );
  if (administered.length)
    problems.push(
      `question${administered.length > 1 ? 's' : ''} ${administered.join(', ')} ${
        administered.length > 1 ? 'are' : 'is'
      } administered (a beta question must not be administered: it is served unscored until it graduates)`,
    );
  if (problems.length) throw badRequest(`beta_question_ordering: ${problems.join('; ')}`);
}

/** Non-administered questions whose text or code contains `search` (or whose id it is), newest first. */
export async function betaCandidates(query: {
  search: string;
  atom?: string;
  limit: number;
}): Promise<BetaCandidatesResponse> {
  const filter: QueryFilter<QuestionDoc> = { administered: false };
  if (query.atom) filter.atoms = query.atom;
  const search = query.search.trim();
  if (search) {
    const pattern = { $regex: escapeRegex(search), $options: 'i' };
    const or: QueryFilter<QuestionDoc>[] = [{ question_text: pattern }, { code_block: pattern }];
    const id = PositiveIntParamSchema.safeParse(search);
    if (id.success) or.push({ _id: id.data });
    filter.$or = or;
  }
  const docs = await Question.find(filter, EXCERPT_PROJECTION)
    .sort({ _id: -1 })
    .limit(query.limit)
    .lean<ExcerptFields[]>()
    .exec();
  return { candidates: docs.map(toExcerpt) };
}
