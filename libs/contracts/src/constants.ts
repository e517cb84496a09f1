// Business constants of SPEC §9 (and a few limits the contracts enforce), in one place so the
// services and every front end read the same numbers. Durations are in milliseconds.
// This module imports no values (no zod): the candidate's first page imports it as
// `@skillquiz/contracts/constants`, and the package index re-exports it for everyone else.

/** The product's name, in page titles, the footer and the shell. */
export const PRODUCT_NAME = 'SkillQuiz';
/** Support address when neither the company nor SUPPORT_EMAIL (services) gives one. */
export const DEFAULT_SUPPORT_EMAIL = 'support@skillquiz.example';
/** The candidate footer's 'Privacy Policy' link (a placeholder until there is a real policy page). */
export const PRIVACY_POLICY_URL = 'https://skillquiz.example/privacy';

export const CONSTANTS = {
  /** Whole-quiz expiry check on the candidate pages. */
  QUIZ_EXPIRY_CHECK_INTERVAL_MS: 10_000,
  /** How often the question page checks the current question's expires_at. */
  QUESTION_EXPIRY_POLL_MS: 1_000,
  /** Countdown timer refresh. */
  TIMER_REFRESH_MS: 1_000,
  /** Timed-out view closes itself (and submits the empty answer) after this. */
  TIMEOUT_NEXT_QUESTION_DELAY_MS: 2_000,
  /** A next question whose expires_at is more than this far in the past sends the candidate to /resume. */
  RESUME_THRESHOLD_MS: 60 * 60 * 1_000,
  /** List/search fetches and the original-question lookup. */
  DEBOUNCE_MS: 500,
  /** 'Selected answer: N' screen-reader announcement clears after this. */
  SR_ANNOUNCEMENT_CLEAR_MS: 2_000,
  LOADING_BAR: { STEP: 10, INTERVAL_MS: 100, CAP_BEFORE_LOAD: 80, CAP_AFTER_LOAD: 120, DISPLAY_MAX: 100 },
  /** ?pass=243 or the /pass_243 route triggers the special skip call. */
  SKIP_PASS_VALUE: '243',
  SURVEY_MIN: 0,
  SURVEY_MAX: 2,
  DEFAULT_ATOM_FORMAT: 'Multiple Choice',
  DEFAULT_ETA_MINUTES: 0,
  /** Questions served per atom when an atom does not say (the seed uses 10 too). */
  DEFAULT_NUM_QUESTIONS: 10,
  /**
   * Level thresholds used when an atom has none (entities' DEFAULT_LEVELS_THRESHOLDS, typed). With
   * theta ~ N(0, 1) the five levels hold roughly 16% / 24% / 29% / 21% / 10% of candidates. Here,
   * zod-free, so an admin form can start a new atom from them without bundling the schemas.
   */
  DEFAULT_LEVELS_THRESHOLDS: ['-inf', -1, -0.25, 0.5, 1.25] as const,
  MIN_TEXTAREA_ROWS: 5,
  /** The questions list's "any atom" key. */
  ALL_ATOMS_KEY: 'all',
  CREATE_NEW_CLAIM: 'Create New Claim',
  /** localStorage key of the candidate's demo-mode toggle. */
  DEMO_MODE_STORAGE_KEY: 'demoModeEnabled',
  TOAST_MS: { ATOM: 3_000, LOAD_ERROR: 9_000, QUESTION: 5_000, PROMISE: 5_000 },
  TOAST_POSITION: 'bottom',
  TOAST_KINDS: ['info', 'warning', 'success', 'error', 'loading'],
  /** Queued question-log jobs. */
  LOG_CHANNEL: 'question-log',
  LOG_JOB_RETRIES: 25,
  LOG_WORKER_TIMEOUT_MS: 4_000,
  QUEUE: { STORAGE: 'localstorage', PREFIX: 'jobs', TIMEOUT_MS: 1_000, LIMIT: -1, PRINCIPLE: 'fifo' },
  /**
   * One batch of queued events (POST /api/quiz/{token}/events): at most this many events and bytes
   * of body. 64 KiB is also what a browser lets a closing page's keepalive requests carry in all.
   */
  EVENT_BATCH: { MAX_EVENTS: 100, MAX_BYTES: 65_536 },
  HIGHLIGHT_POLL_MS: 1_000,
  STICKY_TIMER: { TOP_PX: 10, RIGHT_PX: 20 },
  DEVTOOLS: { POLL_MS: 250, MAX_ACK_DELAY_MS: 10_000 },
  COPYRIGHT_YEAR: 2023,
  /** Admin questions list page size (SPEC leaves it open). */
  QUESTIONS_PAGE_SIZE: 20,
  /**
   * Questions per page of one atom's reply (GET /api/atoms/{id}): a bank of thousands is never sent
   * whole; `questions_page` asks for the next ones.
   */
  ATOM_QUESTIONS_PAGE_SIZE: 50,
  /** Input limits (SPEC leaves them open; chosen to stop abuse, far above real content). */
  LIMITS: {
    SLUG_MAX: 64,
    NAME_MAX: 200,
    DESCRIPTION_MAX: 20_000,
    QUESTION_TEXT_MAX: 20_000,
    CODE_BLOCK_MAX: 20_000,
    ANSWER_TEXT_MAX: 5_000,
    ANSWERS_MAX: 20,
    ATOMS_PER_QUESTION_MAX: 50,
    BETA_ORDERING_MAX: 1_000,
    CLAIM_MAX: 100,
    SEARCH_MAX: 200,
    EVENT_NAME_MAX: 100,
    /** Bytes of JSON.stringify(eventDetails). */
    EVENT_DETAILS_MAX_BYTES: 4_096,
    /** Nesting of objects/arrays in eventDetails (MongoDB refuses > 100; nothing real needs more than a few). */
    EVENT_DETAILS_MAX_DEPTH: 8,
    HASH_ID_MAX: 64,
  },
} as const;

/** Tracking event types (SPEC §3). */
export const TRACKING_EVENTS = {
  switchedTabs: 0,
  wentOffline: 1,
  devToolsOpened: 2,
  devToolsClosed: 3,
  usedClipboard: 4,
} as const;
export type TrackingEventType = (typeof TRACKING_EVENTS)[keyof typeof TRACKING_EVENTS];

/** Toast and notice texts of SPEC §8 (and the admin pages' other toast titles): the one table of toast titles. */
export const MESSAGES = {
  ERROR_SAVING_ATOM: 'Error saving atom',
  ATOM_SAVED: 'Atom saved',
  ERROR_DELETING_ATOM: 'Error deleting atom',
  ERROR_RUNNING_SIMULATION: 'Error running the simulation',
  ERROR_UPDATING_QUESTION: 'Error updating the question',
  CALIBRATION_APPLIED: 'Calibration applied',
  QUESTION_GRADUATED: 'Question graduated',
  ERROR_LOADING_ATOMS: 'Error loading atoms',
  ERROR_LOADING_ORIGINAL_QUESTION: 'Error loading original question',
  ERROR_LOADING_CODE_BLOCK_OPTIONS: 'Error loading code block options',
  ERROR_LOADING_CLAIM_OPTIONS: 'Error loading claim options',
  ERROR_LOADING_LANGUAGE_OPTIONS: 'Error loading language options',
  ERROR_SAVING_QUESTION: 'Error saving question',
  QUESTION_SAVED: 'Question saved',
  FAILED_TO_FETCH_QUESTIONS: 'Failed to fetch questions',
  // The hiring remote's toasts.
  ERROR_LOADING_CANDIDATES: 'Error loading candidates',
  ERROR_LOADING_ACCOUNT: 'Error loading your account',
  ERROR_EXPORTING_CANDIDATES: 'Error exporting candidates',
  ERROR_CREATING_INVITATION: 'Error creating invitation',
  INVITATION_CREATED: 'Invitation created',
  ERROR_CHECKING_FILE: 'Error checking the file',
  ERROR_CREATING_INVITATIONS: 'Error creating invitations',
  INVITATIONS_CREATED: 'Invitations created',
  ERROR_REVOKING_INVITATION: 'Error revoking invitation',
  INVITATION_REVOKED: 'Invitation revoked',
  ERROR_EXTENDING_INVITATION: 'Error extending invitation',
  EXPIRY_EXTENDED: 'Expiry extended',
  ERROR_LOADING_SETTINGS: 'Error loading settings',
  ERROR_LOADING_WEBHOOK_ATTEMPTS: 'Error loading webhook attempts',
  ERROR_SAVING_WEBHOOK: 'Error saving webhook',
  WEBHOOK_SAVED: 'Webhook saved',
  ERROR_SENDING_TEST_EVENT: 'Error sending test event',
  // Roles and decisions (mfe-hiring's Roles and Compare pages)
  ERROR_LOADING_ROLES: 'Error loading roles',
  ERROR_SAVING_ROLE: 'Error saving role',
  ROLE_SAVED: 'Role saved',
  ERROR_DELETING_ROLE: 'Error deleting role',
  ROLE_DELETED: 'Role deleted',
  ERROR_LOADING_COMPARISON: 'Error loading the comparison',
  ERROR_LOADING_CATALOGUE: 'Error loading the test catalogue',
  ERROR_RESENDING_INVITATION: 'Error resending the invitation',
  INVITATION_RESENT: 'Invitation email queued again',
  ERROR_EDITING_INVITATION: 'Error saving the candidate',
  INVITATION_EDITED: 'Candidate saved',
  ERROR_SAVING_CONTACT: 'Error saving the contact address',
  CONTACT_SAVED: 'Contact address saved',
  // The hiring pipeline (mfe-hiring's report page: stage, notes, rating)
  ERROR_SAVING_STAGE: 'Error saving the stage',
  STAGE_SAVED: 'Stage saved',
  ERROR_ADDING_NOTE: 'Error adding the note',
  NOTE_ADDED: 'Note added',
  ERROR_SAVING_RATING: 'Error saving the rating',
  RATING_SAVED: 'Rating saved',
  ERROR_LOADING_STAGES: 'Error loading the pipeline stages',
  ERROR_SAVING_STAGES: 'Error saving the pipeline stages',
  STAGES_SAVED: 'Pipeline stages saved',
} as const;

/**
 * SPEC §8: the client's message for a non-OK reply whose body carries no message.
 */
export function defaultErrorMessage(status: number): string {
  if (status === 404) return 'Not found';
  if (status >= 500) return 'Internal server error';
  return 'Bad Request';
}

/**
 * The 26 highlighter languages of SPEC §1. value = the Prism language name the front end
 * highlights with; 'html' and 'xml' are Prism's aliases of 'markup' (a select needs distinct values),
 * 'bash' is Shell, 'plain' means no highlighting.
 */
export const CODE_BLOCK_OPTIONS = [
  { value: 'javascript', label: 'JavaScript' },
  { value: 'json', label: 'JSON' },
  { value: 'typescript', label: 'TypeScript' },
  { value: 'jsx', label: 'jsx' },
  { value: 'tsx', label: 'tsx' },
  { value: 'python', label: 'Python' },
  { value: 'java', label: 'Java' },
  { value: 'rust', label: 'Rust' },
  { value: 'go', label: 'Go' },
  { value: 'swift', label: 'Swift' },
  { value: 'kotlin', label: 'Kotlin' },
  { value: 'sql', label: 'SQL' },
  { value: 'solidity', label: 'Solidity' },
  { value: 'bash', label: 'Shell' },
  { value: 'csharp', label: 'C#' },
  { value: 'php', label: 'PHP' },
  { value: 'objectivec', label: 'Objective-C' },
  { value: 'cpp', label: 'C++' },
  { value: 'c', label: 'C' },
  { value: 'ruby', label: 'Ruby' },
  { value: 'css', label: 'CSS' },
  { value: 'html', label: 'HTML' },
  { value: 'xml', label: 'XML' },
  { value: 'yaml', label: 'YAML' },
  { value: 'plain', label: 'plain' },
  { value: 'diff', label: 'diff' },
] as const satisfies readonly { value: string; label: string }[];
/** Prism grammars the front end loads in the background (SPEC §1). */
export const BACKGROUND_HIGHLIGHT_LANGUAGES = [
  'php',
  'java',
  'python',
  'sql',
  'markup',
  'solidity',
  'bash',
  'csharp',
  'cpp',
  'clike',
  'rust',
  'kotlin',
  'ruby',
  'swift',
  'yaml',
] as const;

/**
 * The version of the contract between the shell and its remotes: the exposed modules' names and
 * props (remotes.ts) and what the shell provides around them. A remote's build writes the version it
 * was built against into its mf-manifest.json (`metaData.contractVersion`); the shell refuses a remote
 * whose version it does not support. Bump it on a change an older shell or remote cannot live with
 * (a renamed module, a required prop); an optional addition keeps it.
 */
export const REMOTE_CONTRACT_VERSION = 1;
