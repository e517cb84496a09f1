// The content context's public face: atoms and questions (the only writer of both), review,
// history, import and export, twins, and the item statistics over the answers the quiz recorded.
// Other contexts import it only through this file.
export { DEMO_DATA_COMPANY } from './analytics/demo-data';
export { analyticsRouter } from './analytics/router';
export { StatisticsCache } from './analytics/statistics';
export { atomTimeModel, timeModelCache, timeModelVersion, type TimeModelCache } from './analytics/time-model';
export { quizBankSource } from './bank/for-quiz';
export { backfillSearchWords } from './bank/questions';
export { contentRouter } from './bank/router';
export { historyRouter } from './history/router';
export { contentIoRouter } from './io/router';
export { touchAtomBanks, type AtomDoc } from './models/atom';
export { type ContentImportDoc } from './models/content-import';
export { IN_BATCH, findQuestionsIn } from './models/find-in';
export {
  QUESTION_CONTENT_FIELDS,
  QUESTION_COUNTER,
  READY_FILTER,
  WORD,
  createQuestion,
  isContentChange,
  newHashId,
  searchWordsOf,
  statusFilter,
  statusOf,
  type AnswerDoc,
  type NewQuestionInput,
  type QuestionDoc,
  type QuestionDocument,
} from './models/question';
export { toAtom, toQuestion } from './models/views';
export { reviewRouter } from './review/router';
export { insertSeedAtom, insertSeedQuestions, setSeedBetaOrdering } from './bank/seeding';
import { readOnly } from '../platform';
import { Atom as AtomModel } from './models/atom';
/** atoms, for reading: other contexts ask this one to write. */
export const Atom = readOnly(AtomModel);
import { Question as QuestionModel } from './models/question';
/** questions, for reading: other contexts ask this one to write. */
export const Question = readOnly(QuestionModel);
import { ContentImport as ContentImportModel } from './models/content-import';
/** content_imports, for reading: other contexts ask this one to write. */
export const ContentImport = readOnly(ContentImportModel);
