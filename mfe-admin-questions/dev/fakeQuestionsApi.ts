// An in-memory QuestionsApi: the standalone dev page runs on it, and so do the component tests. It
// keeps the services' rules the pages depend on (SPEC §7's filters and paging, base64 writes decoded,
// new answers given a hash_id, a stale version's 409, an unknown id's 404) and has statistics for a
// few questions, so every tab shows something. Nothing is saved: a reload starts over.
import type {
  ItemStatistics,
  Question,
  QuestionAnalyticsResponse,
  QuestionWritePayload,
} from '@skillquiz/contracts';
import { decodeQuestionPayload } from '@skillquiz/contracts/questions';
import { ApiError } from '@skillquiz/http-client';
import { delay, SAMPLE_OPTIONS, sampleAtoms, sampleQuestions } from '@skillquiz/remote-kit/dev';
import type { QuestionsApi } from '../src/api/questionsApi';

export interface FakeQuestionsOptions {
  /** Each call answers after this long, as a network would (default 250 ms). */
  latencyMs?: number;
  /** Calls that fail with this status and message instead, e.g. { claimOptions: [500, 'Internal server error'] }. */
  failing?: Partial<Record<keyof QuestionsApi, [number, string]>>;
  /** Questions per page (the services' is 20; a smaller one shows the pager on the sample bank). */
  pageSize?: number;
}

// JSON, not structuredClone: the answers are what a JSON API would send (and jsdom lacks structuredClone).
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Statistics as the services compute them from answers, for the sample's first questions. */
function sampleStatistics(q: Question, answered: number, shareCorrect: number): ItemStatistics {
  const third = Math.round(answered / 3);
  return {
    questionId: q.id,
    served: answered + 4,
    answered,
    timeouts: 3,
    shareCorrect,
    discrimination: shareCorrect > 0.8 ? 0.08 : 0.41,
    medianResponseMs: 38_000,
    p90ResponseMs: 71_000,
    exposureRate: 0.22,
    choices: [
      ...q.answers.map((a) => ({
        choice: a.hash_id,
        isKey: a.c,
        low: a.c ? Math.round(third * (shareCorrect - 0.2)) : Math.round(third * 0.25),
        middle: a.c ? Math.round(third * shareCorrect) : Math.round(third * 0.15),
        high: a.c ? Math.round(third * Math.min(1, shareCorrect + 0.2)) : Math.round(third * 0.05),
        total: a.c ? Math.round(answered * shareCorrect) : Math.round((answered * (1 - shareCorrect)) / 3),
      })),
      { choice: '', isKey: false, low: 2, middle: 1, high: 0, total: 3 },
    ],
    flags:
      shareCorrect > 0.8
        ? [
            {
              code: 'low_discrimination',
              reason: `Discrimination 0.08 is below 0.15 over ${answered} answers: strong and weak candidates answer alike.`,
            },
            {
              code: 'extreme_share_correct',
              reason: `${Math.round(shareCorrect * 100)}% answer correctly: the question tells candidates apart little.`,
            },
          ]
        : [],
  };
}

export function createFakeQuestionsApi(
  options: FakeQuestionsOptions = {},
): QuestionsApi & { questions: Question[] } {
  const latency = options.latencyMs ?? 250;
  const pageSize = options.pageSize ?? 20;
  const atoms = sampleAtoms();
  const questions = sampleQuestions();
  const claims = clone(SAMPLE_OPTIONS.claim_options);
  let nextId = Math.max(...questions.map((q) => q.id)) + 1;
  let nextHash = 0;
  const statistics = new Map<number, ItemStatistics>([
    [101, sampleStatistics(questions[0], 412, 0.46)],
    [102, sampleStatistics(questions[1], 388, 0.58)],
    [104, sampleStatistics(questions[3], 402, 0.91)],
  ]);

  async function answer<T>(name: keyof QuestionsApi, make: () => T, signal?: AbortSignal): Promise<T> {
    await delay(latency, signal);
    const failure = options.failing?.[name];
    if (failure) throw new ApiError(failure[0], failure[1]);
    return clone(make());
  }
  const find = (id: number) => {
    const found = questions.find((q) => q.id === id);
    if (!found) throw new ApiError(404, `No question ${id}`);
    return found;
  };
  const analytics = (q: Question): QuestionAnalyticsResponse => {
    const s = statistics.get(q.id) ?? null;
    const calibrated = s ? { a: s.discrimination! * 3, d: q.difficulty_params.d + 0.3 } : null;
    const demo = s ? Math.round(s.answered * 0.75) : 0;
    return {
      statistics: s,
      calibration: calibrated && {
        ...calibrated,
        seA: 0.11,
        seD: 0.09,
        n: s!.answered,
        logLikelihood: -230.4,
        iterations: 6,
        converged: true,
      },
      configured: q.difficulty_params,
      version: q.version ?? 1,
      beta: atoms.some((a) => a.beta_question_ordering.includes(q.id)),
      graduation_max_se: 0.15,
      ready_to_graduate: s !== null,
      demo_answers: demo,
      // Issue 22: the calibration rests on the real answers; the simulated ones are counted apart.
      answers: { real: s ? s.answered - demo : 0, demo },
      calibration_basis: s ? 'real' : 'none',
      demo_calibration: null,
      apply: s ? { allowed: true, reasons: [] } : { allowed: false, reasons: ['no answers yet'] },
      apply_rules: { min_answers: 100, max_se: 0.2, z: 1.96 },
    };
  };
  const calibrate = (id: number, version: number, graduate: boolean) => {
    const q = find(id);
    if (version !== q.version)
      throw new ApiError(409, `Question ${id} was changed by someone else. Reload it.`);
    const a = analytics(q);
    if (!a.calibration) throw new ApiError(400, 'Nothing to apply: no answers yet');
    const old = q.difficulty_params;
    q.difficulty_params = { a: Number(a.calibration.a.toFixed(4)), d: Number(a.calibration.d.toFixed(4)) };
    q.version = version + 1;
    if (graduate) {
      q.administered = true;
      for (const atom of atoms)
        atom.beta_question_ordering = atom.beta_question_ordering.filter((x) => x !== id);
    }
    return {
      question_id: id,
      old,
      new: q.difficulty_params,
      version: q.version,
      administered: q.administered,
    };
  };

  return {
    questions,
    list: (query, signal) =>
      answer(
        'list',
        () => {
          const p = new URLSearchParams(query);
          const search = (p.get('search') ?? '').toLowerCase();
          const onlyAdministered = p.get('only_administered') !== 'false';
          const atom = p.get('atom') ?? 'all';
          const page = Number(p.get('page') ?? 1);
          const matches = questions
            .filter((q) => !onlyAdministered || q.administered)
            .filter((q) => atom === 'all' || q.all_atoms.includes(atom))
            .filter((q) => !search || `${q.question_text} ${q.code_block}`.toLowerCase().includes(search))
            .sort((a, b) => b.id - a.id);
          return {
            questions: matches.slice((page - 1) * pageSize, page * pageSize),
            page,
            total: matches.length,
            page_size: pageSize,
          };
        },
        signal,
      ),
    get: (id, signal) => answer('get', () => ({ question: find(id) }), signal),
    save: (id, payload: QuestionWritePayload) =>
      answer('save', () => {
        const decoded = decodeQuestionPayload(payload);
        if (decoded.administered && !decoded.question_text.trim())
          throw new ApiError(400, 'question_text: an administered question needs text');
        const existing = id === null ? null : find(id);
        if (existing && payload.version !== undefined && payload.version !== existing.version)
          throw new ApiError(
            409,
            `Question ${id} was changed by someone else since you opened it. Reload it.`,
          );
        const claim = decoded.claim ? decoded.claim.trim().toLowerCase().replace(/\s+/g, '_') : null;
        if (claim && !claims.some((c) => c.value === claim)) claims.push({ value: claim, label: claim });
        const saved: Question = {
          ...(existing ?? sampleQuestions()[0]),
          id: existing?.id ?? nextId++,
          question_text: decoded.question_text,
          code_block: decoded.code_block ?? '',
          code_language: decoded.code_language || null,
          language: decoded.language || null,
          administered: decoded.administered ?? false,
          answers: (decoded.answers ?? []).map((a) => ({
            text: a.text,
            c: a.c ?? false,
            hash_id: a.hash_id ?? `new${(nextHash++).toString(36).padStart(4, '0')}`,
            ...(a.position === null || a.position === undefined ? {} : { position: a.position }),
          })),
          all_atoms: decoded.all_atoms ?? [],
          original_question_id:
            decoded.original_question_id === '' || decoded.original_question_id == null
              ? null
              : Number(decoded.original_question_id),
          claim,
          version: (existing?.version ?? 0) + 1,
        };
        if (existing) Object.assign(existing, saved);
        else questions.push(saved);
        return { question: saved };
      }),
    atoms: () => answer('atoms', () => ({ atoms })),
    codeBlockOptions: () =>
      answer('codeBlockOptions', () => ({ code_block_options: SAMPLE_OPTIONS.code_block_options })),
    claimOptions: () => answer('claimOptions', () => ({ claim_options: claims })),
    languageOptions: () =>
      answer('languageOptions', () => ({ language_options: SAMPLE_OPTIONS.language_options })),
    analytics: (id) => answer('analytics', () => analytics(find(id))),
    listStatistics: (atom) =>
      answer('listStatistics', () => ({
        statistics: Object.fromEntries(
          [...statistics]
            .filter(([id]) => atom === 'all' || find(id).all_atoms.includes(atom))
            .map(([id, s]) => [String(id), s]),
        ),
      })),
    applyCalibration: (id, version) => answer('applyCalibration', () => calibrate(id, version, false)),
    graduate: (id, version) => answer('graduate', () => calibrate(id, version, true)),
  };
}
