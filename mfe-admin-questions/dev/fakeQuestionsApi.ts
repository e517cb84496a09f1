// An in-memory QuestionsApi: the standalone dev page runs on it, and so do the component tests. It
// keeps the services' rules the pages depend on (SPEC §7's filters and paging, base64 writes decoded,
// new answers given a hash_id, a stale version's 409, an unknown id's 404) and has statistics for a
// few questions, so every tab shows something. Nothing is saved: a reload starts over.
// Review status (ready needs another admin than the last editor; an administered question
// stays ready), a history with snapshots and revert, and twins (word-set Jaccard within an atom; the
// services use shingles). The sample gains question 110, a draft near-copy of 101 (`let` for `var`).
// Import and export speak the JSON form only (`skillquiz-questions`; the services also read and write
// CSV and QTI 2.2): every question's uid is `demo.<id>`, so an exported file comes back as matches.
import type {
  FieldChange,
  HistoryEntry,
  ImportPreviewItem,
  ImportPreviewResponse,
  ItemStatistics,
  Question,
  QuestionAnalyticsResponse,
  QuestionWritePayload,
} from '@skillquiz/contracts';
import { decodeQuestionPayload } from '@skillquiz/contracts/questions';
import { ApiError } from '@skillquiz/http-client';
import {
  delay,
  SAMPLE_OPTIONS,
  sampleAtoms,
  sampleExcerpt,
  sampleQuestions,
} from '@skillquiz/remote-kit/dev';
import type { QuestionsApi } from '../src/api/questionsApi';

export interface FakeQuestionsOptions {
  /** Each call answers after this long, as a network would (default 250 ms). */
  latencyMs?: number;
  /** Calls that fail with this status and message instead, e.g. { claimOptions: [500, 'Internal server error'] }. */
  failing?: Partial<Record<keyof QuestionsApi, [number, string]>>;
  /** Questions per page (the services' is 20; a smaller one shows the pager on the sample bank). */
  pageSize?: number;
  /** The signed-in admin (the last editor of what they save). Default admin@example.com. */
  me?: string;
  /** REVIEW_REQUIRED (default true): ready needs another admin than the last editor. */
  reviewRequired?: boolean;
}

/** The fields a history entry compares and a revert restores. */
const TRACKED = [
  'question_text',
  'code_block',
  'code_language',
  'language',
  'administered',
  'answers',
  'all_atoms',
  'original_question_id',
  'claim',
  'difficulty_params',
  'status',
] as const;
type Snapshot = Partial<Record<(typeof TRACKED)[number], unknown>>;
const snapshotOf = (q: Question): Snapshot =>
  JSON.parse(JSON.stringify(Object.fromEntries(TRACKED.map((f) => [f, q[f] ?? null])))) as Snapshot;
function diff(before: Snapshot, after: Snapshot): FieldChange[] {
  return TRACKED.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f])).map((field) => ({
    field,
    from: before[field],
    to: after[field],
  }));
}
const words = (q: Question) =>
  new Set(`${q.question_text} ${q.code_block}`.toLowerCase().match(/[a-z0-9_]+|[^\sa-z0-9_]/g) ?? []);
function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

/** One question of an imported JSON file, as the fake reads it. */
interface FileQuestion {
  uid?: string;
  question_text: string;
  code_block?: string;
  answers?: { text: string; correct?: boolean }[];
  atoms?: string[];
}

/** The problems the services would name for a question of the file (the few the fake checks). */
function fileQuestionErrors(fq: FileQuestion): { path: string; message: string }[] {
  const errors: { path: string; message: string }[] = [];
  if (typeof fq.question_text !== 'string' || !fq.question_text.trim())
    errors.push({ path: 'question_text', message: 'a question needs text' });
  const answers = fq.answers ?? [];
  // as the services: two correct answers refuse the item; too few or none correct make a draft (notReady)
  if (answers.filter((a) => a.correct).length > 1)
    errors.push({ path: 'answers', message: 'exactly one answer must be correct' });
  return errors;
}

function fileQuestionNotReady(fq: FileQuestion): { path: string; code: string; message: string }[] {
  const answers = fq.answers ?? [];
  return [
    ...(answers.length < 2
      ? [{ path: 'answers', code: 'fewer_than_two_answers', message: 'fewer than two answers' }]
      : []),
    ...(!answers.some((a) => a.correct)
      ? [{ path: 'answers', code: 'no_correct_answer', message: 'no answer is marked correct' }]
      : []),
  ];
}

/** A file's text (FileReader: jsdom, where the component tests run, has no Blob.text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(blob);
  });
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
  const me = options.me ?? 'admin@example.com';
  const reviewRequired = options.reviewRequired ?? true;
  // The twin: 101 with `let` for `var`, a draft someone else wrote.
  questions.push({
    ...clone(questions[0]),
    id: 110,
    code_block: questions[0].code_block.replace('var', 'let'),
    administered: false,
    status: 'draft',
    last_edited_by: 'author@example.com',
  });
  // Question 107 (not administered) waits for review by someone other than its author.
  const inReview = questions.find((q) => q.id === 107)!;
  inReview.status = 'in_review';
  inReview.last_edited_by = 'author@example.com';
  // Every question starts with two recorded versions: created with a first wording, then edited.
  const history = new Map<number, (HistoryEntry & { snapshot: Snapshot })[]>();
  const at = (minutesAgo: number) =>
    new Date(Date.UTC(2026, 10, 20, 9, 0) - minutesAgo * 60_000).toISOString();
  for (const q of questions) {
    const now = snapshotOf(q);
    const first = { ...now, question_text: `${q.question_text} (first wording)` };
    q.version = 2;
    history.set(q.id, [
      {
        version: 2,
        at: at(60),
        actor: q.last_edited_by ?? 'author@example.com',
        action: 'update',
        via: 'edit',
        detail: null,
        changes: diff(first, now),
        restorable: true,
        snapshot: now,
      },
      {
        version: 1,
        at: at(24 * 60),
        actor: 'author@example.com',
        action: 'create',
        via: 'create',
        detail: null,
        changes: [],
        restorable: true,
        snapshot: first,
      },
    ]);
  }
  const record = (
    q: Question,
    before: Snapshot,
    via: string,
    detail: Record<string, unknown> | null = null,
  ) => {
    const snapshot = snapshotOf(q);
    history.get(q.id)?.unshift({
      version: q.version ?? 1,
      at: new Date().toISOString(),
      actor: me,
      action: 'update',
      via,
      detail,
      changes: diff(before, snapshot),
      restorable: true,
      snapshot,
    });
  };
  const stale = (q: Question, version: number) => {
    if (version !== q.version)
      throw new ApiError(
        409,
        `Question ${q.id} was changed by someone else since you opened it (you had version ${version}, it is now version ${q.version}): reload it.`,
      );
  };
  const claims = clone(SAMPLE_OPTIONS.claim_options);
  let nextId = Math.max(...questions.map((q) => q.id)) + 1;
  let nextHash = 0;
  const statistics = new Map<number, ItemStatistics>([
    [101, sampleStatistics(questions[0], 412, 0.46)],
    [102, sampleStatistics(questions[1], 388, 0.58)],
    [103, sampleStatistics(questions[2], 395, 0.88)],
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
    // Question 102 is the case: nearly all its answers come from simulated candidates.
    const mostlySimulated = q.id === 102;
    const demo = s ? (mostlySimulated ? s.answered - 40 : Math.round(s.answered * 0.75)) : 0;
    return {
      statistics: s,
      calibration: calibrated && {
        ...calibrated,
        seA: mostlySimulated ? 0.63 : 0.11,
        seD: mostlySimulated ? 0.21 : 0.09,
        // Calibrated on the real answers (the basis); the simulated ones are demo_calibration's.
        n: s!.answered - demo,
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
      // The calibration rests on the real answers; the simulated ones are counted apart.
      answers: { real: s ? s.answered - demo : 0, demo },
      calibration_basis: s ? 'real' : 'none',
      demo_calibration:
        s && mostlySimulated
          ? {
              a: 1.1,
              d: 0.2,
              seA: 0.08,
              seD: 0.06,
              n: demo,
              logLikelihood: -410.2,
              iterations: 5,
              converged: true,
            }
          : null,
      apply: !s
        ? { allowed: false, reasons: ['no answers yet'] }
        : mostlySimulated
          ? {
              allowed: false,
              reasons: [
                '40 real answers; at least 100 are needed',
                'the 95% interval is too wide (a ± 1.23, d ± 0.41; both must be within ± 0.39)',
              ],
            }
          : { allowed: true, reasons: [] },
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

  /** The list's (and the export's) filters over the bank, newest first. */
  const selected = (p: URLSearchParams) => {
    const search = (p.get('search') ?? '').toLowerCase();
    const onlyAdministered = p.get('only_administered') !== 'false';
    const atom = p.get('atom') ?? 'all';
    return (
      questions
        .filter((q) => !onlyAdministered || q.administered)
        .filter((q) => atom === 'all' || q.all_atoms.includes(atom))
        // A question without a status predates review and counts as ready.
        .filter((q) => !p.get('status') || (q.status ?? 'ready') === p.get('status'))
        .filter((q) => !search || `${q.question_text} ${q.code_block}`.toLowerCase().includes(search))
        .sort((a, b) => b.id - a.id)
    );
  };
  const uidOf = (q: Question) => q.uid ?? `demo.${q.id}`;
  const staged = new Map<string, { items: ImportPreviewItem[]; questions: FileQuestion[] }>();
  let nextImport = 1;

  return {
    questions,
    list: (query, signal) =>
      answer(
        'list',
        () => {
          const p = new URLSearchParams(query);
          const page = Number(p.get('page') ?? 1);
          const matches = selected(p);
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
          status: existing ? (existing.status ?? 'ready') : reviewRequired ? 'draft' : 'ready',
          last_edited_by: me,
        };
        if (saved.administered && saved.status !== 'ready')
          throw new ApiError(400, `Only a ready question can be administered (this one is ${saved.status}).`);
        const before = existing ? snapshotOf(existing) : null;
        if (existing) Object.assign(existing, saved);
        else {
          questions.push(saved);
          history.set(saved.id, []);
        }
        record(existing ?? saved, before ?? {}, before ? 'edit' : 'create');
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
    needsReview: (atom) =>
      answer('needsReview', () => ({
        atom,
        questions: [...statistics]
          .filter(([id, s]) => s.flags.length > 0 && (atom === 'all' || find(id).all_atoms.includes(atom)))
          .map(([id, s]) => ({ ...sampleExcerpt(find(id)), flags: s.flags }))
          .sort((a, b) => a.id - b.id),
      })),
    applyCalibration: (id, version) => answer('applyCalibration', () => calibrate(id, version, false)),
    graduate: (id, version) => answer('graduate', () => calibrate(id, version, true)),
    setStatus: (id, status, version) =>
      answer('setStatus', () => {
        const q = find(id);
        stale(q, version);
        if (status === 'ready' && reviewRequired && q.last_edited_by === me)
          throw new ApiError(
            400,
            `Question ${id} cannot be moved to ready by its last editor (${me}): another admin must review it (review is required in this deployment).`,
          );
        if (status !== 'ready' && q.administered)
          throw new ApiError(
            400,
            `Question ${id} is administered: it must stay ready. Untick Administered? first.`,
          );
        const before = snapshotOf(q);
        q.status = status;
        q.version = version + 1;
        record(q, before, 'status');
        return { question: q };
      }),
    history: (id) =>
      answer('history', () => {
        const q = find(id);
        return {
          entity: 'question' as const,
          id: String(id),
          current_version: q.version ?? 1,
          entries: (history.get(id) ?? []).map(({ snapshot: _snapshot, ...entry }) => entry),
        };
      }),
    revert: (id, toVersion, version) =>
      answer('revert', () => {
        const q = find(id);
        stale(q, version);
        const entry = history.get(id)?.find((e) => e.version === toVersion);
        if (!entry) throw new ApiError(404, `Question ${id} has no recorded version ${toVersion}`);
        const before = snapshotOf(q);
        Object.assign(q, clone(entry.snapshot));
        q.version = version + 1;
        q.last_edited_by = me;
        record(q, before, 'revert', { reverted_to: toVersion });
        return { question: q, left_out: [] };
      }),
    exportFile: (query) =>
      answer('exportFile', () => {
        const p = new URLSearchParams(query);
        if ((p.get('format') ?? 'json') !== 'json')
          throw new ApiError(400, 'The dev fake exports JSON only (the services also write CSV and QTI 2.2)');
        const file = {
          format: 'skillquiz-questions',
          format_version: 1,
          atoms: [],
          questions: selected(p)
            .reverse()
            .map((q) => ({
              uid: uidOf(q),
              question_text: q.question_text,
              code_block: q.code_block,
              answers: q.answers.map((a) => ({ text: a.text, correct: a.c })),
              atoms: q.all_atoms,
            })),
        };
        return { json: JSON.stringify(file, null, 2), filename: 'questions.json' };
      }).then(({ json, filename }) => ({ blob: new Blob([json], { type: 'application/json' }), filename })),
    importPreview: async (file, filename) => {
      const text = await readText(file);
      return answer('importPreview', (): ImportPreviewResponse => {
        let parsed: { questions?: unknown } | null = null;
        try {
          parsed = JSON.parse(text) as { questions?: unknown };
        } catch {
          // said below
        }
        const list = Array.isArray(parsed?.questions) ? (parsed.questions as FileQuestion[]) : null;
        const items = (list ?? []).map((fq, index): ImportPreviewItem => {
          const errors = fileQuestionErrors(fq);
          const existing = questions.find((q) => fq.uid && uidOf(q) === fq.uid);
          const changes = existing
            ? [
                ...(existing.question_text !== fq.question_text ? ['question_text'] : []),
                ...(JSON.stringify(existing.answers.map((a) => [a.text, a.c])) !==
                JSON.stringify((fq.answers ?? []).map((a) => [a.text, a.correct ?? false]))
                  ? ['answers']
                  : []),
              ]
            : [];
          const action: ImportPreviewItem['action'] = errors.length
            ? 'invalid'
            : !existing
              ? 'create'
              : changes.length
                ? 'update'
                : 'unchanged';
          return {
            index,
            source: `questions[${index}]`,
            uid: fq.uid ?? null,
            label: String(fq.question_text ?? '').slice(0, 120),
            action,
            question_id: existing?.id ?? null,
            version: existing?.version ?? null,
            changes,
            errors,
            warnings: [],
            outcome: action === 'invalid' ? 'refused' : action === 'create' ? 'draft' : action,
            // the services name every rule (the contracts' questionRuleFindings); the fake, the usual one
            not_ready: errors.length ? [] : fileQuestionNotReady(fq),
          };
        });
        const count = (a: ImportPreviewItem['action']) => items.filter((i) => i.action === a).length;
        const fileErrors = list
          ? list.length
            ? []
            : [{ path: '', message: 'The file holds no questions' }]
          : [
              {
                path: '',
                message: `${filename} is not a skillquiz-questions JSON file (the dev fake reads JSON only)`,
              },
            ];
        const importId = `fake-import-${nextImport++}`;
        staged.set(importId, { items, questions: list ?? [] });
        return {
          import_id: importId,
          format: 'json',
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          file_errors: fileErrors,
          summary: {
            items: items.length,
            create: count('create'),
            update: count('update'),
            unchanged: count('unchanged'),
            invalid: count('invalid'),
            warnings: 0,
            not_ready: items.filter((i) => i.action !== 'invalid' && i.not_ready.length).length,
          },
          atoms: { create: [], existing: [] },
          items,
          can_commit: fileErrors.length === 0 && count('invalid') === 0,
        };
      });
    },
    importCommit: (importId, confirm) =>
      answer('importCommit', () => {
        const stage = staged.get(importId);
        if (!stage) throw new ApiError(404, `No import '${importId}' (previews are kept one hour)`);
        if (stage.items.some((i) => i.action === 'invalid'))
          throw new ApiError(400, 'The import has invalid items: nothing was written');
        staged.delete(importId);
        const result = {
          import_id: importId,
          created: [],
          updated: [],
          unchanged: 0,
          skipped: [],
          atoms_created: [],
        } as {
          import_id: string;
          created: { uid: string; id: number }[];
          updated: { uid: string; id: number; version: number }[];
          unchanged: number;
          skipped: string[];
          atoms_created: string[];
        };
        stage.items.forEach((item, i) => {
          const fq = stage.questions[i];
          const answers = (fq.answers ?? []).map((a, n) => ({
            text: a.text,
            c: a.correct ?? false,
            hash_id: `imp${(nextHash++).toString(36).padStart(4, '0')}${n}`,
          }));
          if (item.action === 'unchanged') result.unchanged++;
          else if (item.action === 'update') {
            if (confirm !== 'all' && !confirm.includes(item.uid!)) return void result.skipped.push(item.uid!);
            const q = find(item.question_id!);
            const before = snapshotOf(q);
            Object.assign(q, { question_text: fq.question_text, answers, version: (q.version ?? 1) + 1 });
            record(q, before, 'import', { import_id: importId });
            result.updated.push({ uid: item.uid!, id: q.id, version: q.version! });
          } else {
            const q: Question = {
              ...clone(sampleQuestions()[0]),
              id: nextId++,
              uid: fq.uid ?? `import.${nextId}`,
              question_text: fq.question_text,
              code_block: fq.code_block ?? '',
              answers,
              all_atoms: (fq.atoms ?? []).filter((a) => atoms.some((x) => x.id === a)),
              administered: false,
              original_question_id: null,
              status: 'draft',
              version: 1,
              last_edited_by: me,
            };
            questions.push(q);
            history.set(q.id, []);
            record(q, {}, 'import', { import_id: importId });
            result.created.push({ uid: q.uid!, id: q.id });
          }
        });
        return result;
      }),
    twins: (atom) =>
      answer('twins', () => {
        if (!atoms.some((a) => a.id === atom)) throw new ApiError(404, `No atom with id '${atom}'`);
        const inAtom = questions.filter((q) => q.all_atoms.includes(atom));
        const excerpt = sampleExcerpt;
        const family = (q: Question) => q.original_question_id ?? q.id;
        const pairs = inAtom.flatMap((a, i) =>
          inAtom.slice(i + 1).flatMap((b) => {
            const similarity = jaccard(words(a), words(b));
            return similarity >= 0.7
              ? [
                  {
                    a: excerpt(a),
                    b: excerpt(b),
                    similarity,
                    text_similarity: similarity,
                    code_similarity: null,
                    linked: family(a) === family(b),
                  },
                ]
              : [];
          }),
        );
        return {
          atom,
          threshold: 0.7,
          method: 'word-set Jaccard (the dev fake)',
          questions_compared: inAtom.length,
          pairs,
        };
      }),
  };
}
