// The mongoose models of SkillQuiz. Importing this module registers every model.
// The data model (collections, indexes, the snapshot rule) is described in services/README.md.
export { TIMESTAMPS, type Timestamps, type DifficultyParamsDoc } from './platform/models/common';
export {
  Counter,
  nextSequence,
  raiseSequence,
  reserveSequence,
  type CounterDoc,
} from './platform/models/counter';
export { Atom, touchAtomBanks, type AtomDoc } from './content/models/atom';
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
} from './content/models/question';
export { Company, type CompanyDoc } from './hiring/models/company';
export {
  Invitation,
  type InvitationDoc,
  type AtomProgressDoc,
  type LapseTo,
} from './hiring/models/invitation';
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
} from './quiz/models/quiz-result';
export { QuestionLog, type QuestionLogDoc } from './quiz/models/question-log';
export { TrackingEvent, type TrackingEventDoc } from './quiz/models/tracking-event';
export {
  AuditLog,
  recordAudit,
  recordAudits,
  diffFields,
  type AuditLogDoc,
  type AuditAction,
  type AuditEntity,
} from './platform/models/audit-log';
export { Session, type SessionDoc } from './platform/models/session';
export { RateLimitCounter, type RateLimitDoc } from './platform/models/rate-limit';
export { toAtom, toQuestion } from './content/models/views';
export { ContentImport, type ContentImportDoc } from './content/models/content-import';
export { findQuestionsIn, IN_BATCH } from './content/models/find-in';
export { Role, type RoleDoc, type RoleAtomDoc } from './hiring/models/role';
