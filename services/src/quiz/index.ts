// The quiz context's public face: taking a quiz (the only writer of quiz_results, question_logs and
// tracking_events), the lapse and expiry rules, and the `quiz.ended` event its ending writes carry.
// It reads the bank and the invitation through the ports below, handed in by the composition root.
// Other contexts import it only through this file.
export type {
  AtomRecord,
  BankRecord,
  QuestionRecord,
  QuizBankSource,
  QuizInvitationSource,
} from './store-types';
export {
  completedAt,
  isComplete,
  quizEndedEvent,
  quizEndedEventId,
  type QuizEndStatus,
  type QuizEndedData,
} from './ended';
export { type QuestionLogDoc } from './models/question-log';
export {
  responseOf,
  responsesOf,
  type AtomEstimateDoc,
  type AtomPlanDoc,
  type QuestionSnapshotDoc,
  type QuizResultDoc,
  type ResponseDoc,
  type ServedQuestionDoc,
  type SnapshotAnswerDoc,
} from './models/quiz-result';
export { type TrackingEventDoc } from './models/tracking-event';
export { backfillResponses } from './responses';
export { isCandidatePath, quizRouter } from './router';
export { quizPath } from './store';
export { isTakeable, lapseLeave, latestLapsedLeave, questionTimeLimitSeconds } from './timing';
export { type QuizState } from './types';
export {
  deleteQuiz,
  deleteQuizzesOf,
  markDemoData,
  markQuizzesDemo,
  insertQuiz,
  insertQuizzes,
  markNormRecorded,
  quizDocument,
  recordEffortDecision,
  setQuizExpiry,
  sweepLapsedQuizzes,
  type NewQuiz,
  type QuizInvitation,
} from './writes';
import { readOnly } from '../platform';
import { QuizResult as QuizResultModel } from './models/quiz-result';
/** quiz_results, for reading: other contexts ask this one to write. */
export const QuizResult = readOnly(QuizResultModel);
import { QuestionLog as QuestionLogModel } from './models/question-log';
/** question_logs, for reading: other contexts ask this one to write. */
export const QuestionLog = readOnly(QuestionLogModel);
import { TrackingEvent as TrackingEventModel } from './models/tracking-event';
/** tracking_events, for reading: other contexts ask this one to write. */
export const TrackingEvent = readOnly(TrackingEventModel);
