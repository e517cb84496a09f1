// The mongoose models of SkillQuiz. Importing this module registers every model.
// The data model (collections, indexes, the snapshot rule) is described in services/README.md.
export { TIMESTAMPS, type Timestamps, type DifficultyParamsDoc } from './common';
export { Counter, nextSequence, raiseSequence, reserveSequence, type CounterDoc } from './counter';
export { Atom, touchAtomBanks, type AtomDoc } from './atom';
export {
  Question,
  createQuestion,
  isContentChange,
  newHashId,
  QUESTION_COUNTER,
  QUESTION_CONTENT_FIELDS,
  READY_FILTER,
  statusFilter,
  statusOf,
  searchWordsOf,
  WORD,
  type AnswerDoc,
  type QuestionDoc,
  type QuestionDocument,
  type NewQuestionInput,
} from './question';
export { Company, type CompanyDoc } from './company';
export { Invitation, type InvitationDoc, type AtomProgressDoc, type LapseTo } from './invitation';
export {
  QuizResult,
  responseOf,
  responsesOf,
  type QuizResultDoc,
  type ServedQuestionDoc,
  type QuestionSnapshotDoc,
  type SnapshotAnswerDoc,
  type AtomPlanDoc,
  type AtomEstimateDoc,
  type ResponseDoc,
} from './quiz-result';
export { QuestionLog, type QuestionLogDoc } from './question-log';
export { TrackingEvent, type TrackingEventDoc } from './tracking-event';
export {
  AuditLog,
  recordAudit,
  recordAudits,
  diffFields,
  type AuditLogDoc,
  type AuditAction,
  type AuditEntity,
} from './audit-log';
export { Session, type SessionDoc } from './session';
export { RateLimitCounter, type RateLimitDoc } from './rate-limit';
export { toAtom, toQuestion } from './views';
export { ContentImport, type ContentImportDoc } from './content-import';
export { findQuestionsIn, IN_BATCH } from './find-in';
export { Role, type RoleDoc, type RoleAtomDoc } from './role';
