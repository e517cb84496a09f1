// Likely near-duplicates within one atom (issue 22): the measure is in similarity.ts. Pairs already
// in one variation family are reported as linked (the quiz never serves two of a family in one
// sitting); linking two is POST /api/questions/:id/variation.
import type { TwinPair, TwinsResponse } from '@skillquiz/contracts';
import { EXCERPT_PROJECTION, toExcerpt, type ExcerptFields } from '../content/excerpt';
import { notFound } from '../http/errors';
import { Atom, Question, type QuestionDoc } from '../models';
import { fingerprint, jaccard, similarPairs, SHINGLE } from './similarity';

/** At most this many pairs are returned (the most similar first). */
export const MAX_PAIRS = 500;

export const TWINS_METHOD =
  `Jaccard similarity of token ${SHINGLE}-shingles of the question text and its code together ` +
  '(code normalised: comments dropped, var/let/const alike, quotes unified, semicolons ignored)';

type TwinFields = ExcerptFields & Pick<QuestionDoc, 'original_question_id'>;

export async function findTwins(atom: string, threshold: number): Promise<TwinsResponse> {
  if (!(await Atom.exists({ _id: atom }).exec())) throw notFound(`No atom with id '${atom}'`);
  const docs = await Question.find({ atoms: atom }, { ...EXCERPT_PROJECTION, original_question_id: 1 })
    .sort({ _id: 1 })
    .lean<TwinFields[]>()
    .exec();
  const prints = docs.map(fingerprint);
  const family = (q: TwinFields) => q.original_question_id ?? q._id;
  const pairs: TwinPair[] = similarPairs(
    prints.map((p) => p.all),
    threshold,
  )
    .sort((x, y) => y.similarity - x.similarity || x.i - y.i || x.j - y.j)
    .slice(0, MAX_PAIRS)
    .map(({ i, j, similarity }) => {
      const hasCode = prints[i].code.length > 0 || prints[j].code.length > 0;
      return {
        a: toExcerpt(docs[i]),
        b: toExcerpt(docs[j]),
        similarity: round(similarity),
        text_similarity: round(jaccard(prints[i].text, prints[j].text)),
        code_similarity: hasCode ? round(jaccard(prints[i].code, prints[j].code)) : null,
        linked: family(docs[i]) === family(docs[j]),
      };
    });
  return { atom, threshold, method: TWINS_METHOD, questions_compared: docs.length, pairs };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
