// Export: the questions the list's filters select (one atom or all, a search, a status), lowest id first, with the atoms they name,
// as JSON, CSV or a QTI 2.2 package. Questions stored before uids existed get one now (once), so
// every exported question can be matched when the file comes back.
import { randomUUID } from 'node:crypto';
import type { ImportFormat, QuestionListQuery } from '@skillquiz/contracts';
import { questionListFilter } from '../bank/questions';
import { Atom, type AtomDoc } from '../models/atom';
import { findQuestionsIn } from '../models/find-in';
import { Question, type QuestionDoc } from '../models/question';
import { writeCsv } from './csv-format';
import { atomToInterchange, questionToInterchange } from './interchange';
import { writeJson } from './json-format';
import { writeQti } from './qti-format';

/** Gives every question of `ids` without a uid a fresh one (conditional: a concurrent export's wins). */
async function ensureUids(docs: Pick<QuestionDoc, '_id' | 'uid'>[]): Promise<void> {
  const missing = docs.filter((d) => !d.uid);
  if (!missing.length) return;
  await Question.bulkWrite(
    missing.map((d) => ({
      updateOne: { filter: { _id: d._id, uid: { $exists: false } }, update: { $set: { uid: randomUUID() } } },
    })),
  );
  const now = new Map(
    (
      await findQuestionsIn<Pick<QuestionDoc, '_id' | 'uid'>>(
        '_id',
        missing.map((d) => d._id),
        { uid: 1 },
      )
    ).map((d) => [d._id, d.uid]),
  );
  for (const d of missing) d.uid = now.get(d._id);
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

/** What the questions list filters by (GET /api/questions's meaning); absent: every question. */
export type ExportSelection = Partial<Pick<QuestionListQuery, 'search' | 'only_administered' | 'status'>>;

export async function exportQuestions(
  format: ImportFormat,
  atom: string,
  selection: ExportSelection = {},
): Promise<ExportFile> {
  // The list's own filter, so an export holds exactly what the list shows (every page of it).
  const filter = questionListFilter({
    page: 1,
    atom,
    search: selection.search ?? '',
    only_administered: selection.only_administered ?? false,
    status: selection.status,
  });
  const docs = await Question.find(filter).sort({ _id: 1 }).lean<QuestionDoc[]>().exec();
  await ensureUids(docs);
  const atomIds = [...new Set(docs.flatMap((d) => d.atoms))].sort();
  const atoms = await Atom.find({ _id: { $in: atomIds } })
    .sort({ _id: 1 })
    .lean<AtomDoc[]>()
    .exec();
  // Uids of originals and beta questions outside the selection too.
  const refs = [
    ...new Set([
      ...docs.flatMap((d) => (d.original_question_id ? [d.original_question_id] : [])),
      ...atoms.flatMap((a) => a.beta_question_ordering ?? []),
    ]),
  ];
  const known = new Map(docs.map((d) => [d._id, d.uid!]));
  const outside = await findQuestionsIn<Pick<QuestionDoc, '_id' | 'uid'>>(
    '_id',
    refs.filter((id) => !known.has(id)),
    { uid: 1 },
  );
  await ensureUids(outside);
  for (const d of outside) known.set(d._id, d.uid!);
  const uidOf = (id: number) => known.get(id) ?? null;
  const questions = docs.map((d) => questionToInterchange(d, uidOf));
  const exchangedAtoms = atoms.map((a) => atomToInterchange(a, uidOf));
  const name = `skillquiz-questions-${atom}`;
  if (format === 'csv')
    return { body: writeCsv(questions), contentType: 'text/csv; charset=utf-8', filename: `${name}.csv` };
  if (format === 'qti')
    return {
      body: writeQti(exchangedAtoms, questions),
      contentType: 'application/zip',
      filename: `${name}-qti22.zip`,
    };
  return {
    body: writeJson(exchangedAtoms, questions),
    contentType: 'application/json; charset=utf-8',
    filename: `${name}.json`,
  };
}
