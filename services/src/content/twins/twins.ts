// Likely near-duplicates within one atom: the measure is in similarity.ts. Pairs already
// in one variation family are reported as linked (the quiz never serves two of a family in one
// sitting); linking two is POST /api/questions/:id/variation.
import type { TwinPair, TwinsResponse } from '@skillquiz/contracts';
import { EXCERPT_PROJECTION, toExcerpt, type ExcerptFields } from '../bank/excerpt';
import { notFound } from '../../platform';
import { Atom } from '../models/atom';
import { findQuestionsIn } from '../models/find-in';
import { Question, type QuestionDoc } from '../models/question';
import { fingerprint, jaccard, similarPairs, SHINGLE } from './similarity';

/** At most this many pairs are returned (the most similar first). */
export const MAX_PAIRS = 500;

export const TWINS_METHOD =
  `Jaccard similarity of token ${SHINGLE}-shingles of the question text and its code together ` +
  '(code normalised: comments dropped, var/let/const alike, quotes unified, semicolons ignored)';

type ScanFields = Pick<QuestionDoc, '_id' | 'question_text' | 'code_block' | 'original_question_id'>;

export async function findTwins(atom: string, threshold: number): Promise<TwinsResponse> {
  if (!(await Atom.exists({ _id: atom }).exec())) throw notFound(`No atom with id '${atom}'`);
  // The scan reads only what the measure needs; the pairs' excerpts are read afterwards (at most
  // 2 * MAX_PAIRS questions instead of every question's excerpt fields).
  const docs = await Question.find(
    { atoms: atom },
    { question_text: 1, code_block: 1, original_question_id: 1 },
  )
    .sort({ _id: 1 })
    .lean<ScanFields[]>()
    .exec();
  const prints = docs.map(fingerprint);
  const found = similarPairs(
    prints.map((p) => p.all),
    threshold,
  )
    .sort((x, y) => y.similarity - x.similarity || x.i - y.i || x.j - y.j)
    .slice(0, MAX_PAIRS);
  const shown = [...new Set(found.flatMap(({ i, j }) => [docs[i]._id, docs[j]._id]))];
  const excerpts = new Map(
    (await findQuestionsIn<ExcerptFields>('_id', shown, EXCERPT_PROJECTION)).map((q) => [
      q._id,
      toExcerpt(q),
    ]),
  );
  const family = (q: ScanFields) => q.original_question_id ?? q._id;
  const pairs: TwinPair[] = found.flatMap(({ i, j, similarity }) => {
    const a = excerpts.get(docs[i]._id);
    const b = excerpts.get(docs[j]._id);
    // A question deleted between the two reads is left out.
    if (!a || !b) return [];
    const hasCode = prints[i].code.length > 0 || prints[j].code.length > 0;
    return [
      {
        a,
        b,
        similarity: round(similarity),
        text_similarity: round(jaccard(prints[i].text, prints[j].text)),
        code_similarity: hasCode ? round(jaccard(prints[i].code, prints[j].code)) : null,
        linked: family(docs[i]) === family(docs[j]),
      },
    ];
  });
  return { atom, threshold, method: TWINS_METHOD, questions_compared: docs.length, pairs };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
