// An in-memory AtomsApi: the standalone dev page runs on it, and so do the component tests. It keeps
// the services' rules a page depends on (a taken slug, a stale version's 409, an unknown id's 404,
// the simulator's ranges) so the pages' error paths show too. Nothing is saved: a reload starts over.
// Each atom keeps its versions (a snapshot per save) for the History page and its restore.
import type {
  Atom,
  AtomWithQuestionsResponse,
  FieldChange,
  HistoryEntry,
  SimulationReport,
} from '@skillquiz/contracts';
import { ApiError } from '@skillquiz/http-client';
import { delay, sampleAtoms, sampleExcerpt, sampleQuestions } from '@skillquiz/remote-kit/dev';
import type { AtomsApi, SimulationInputs } from '../src/api/atomsApi';

export interface FakeAtomsOptions {
  /** Each call answers after this long, as a network would (default 250 ms). */
  latencyMs?: number;
  /** Calls that fail with this status and message instead, e.g. { list: [500, 'Internal server error'] }. */
  failing?: Partial<Record<keyof AtomsApi, [number, string]>>;
}

// JSON, not structuredClone: the answers are what a JSON API would send (and jsdom lacks structuredClone).
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The 2PL information a^2 p (1 - p) of the bank over a theta grid, for the simulator's plot. */
function bankInformation(params: { a: number; d: number }[]) {
  return Array.from({ length: 33 }, (_, i) => {
    const theta = -4 + i * 0.25;
    const information = params.reduce((sum, { a, d }) => {
      const p = 1 / (1 + Math.exp(-(a * theta + d)));
      return sum + a * a * p * (1 - p);
    }, 0);
    return { theta, information };
  });
}

export function createFakeAtomsApi(options: FakeAtomsOptions = {}): AtomsApi & { atoms: Atom[] } {
  const latency = options.latencyMs ?? 250;
  const atoms = sampleAtoms();
  const questions = sampleQuestions();
  const withCounts = (a: Atom): Atom => ({
    ...a,
    num_bank_questions: questions.filter((q) => q.all_atoms.includes(a.id)).length,
  });

  async function answer<T>(name: keyof AtomsApi, make: () => T): Promise<T> {
    await delay(latency);
    const failure = options.failing?.[name];
    if (failure) throw new ApiError(failure[0], failure[1]);
    return clone(make());
  }
  const find = (id: string) => {
    const found = atoms.find((a) => a.id === id);
    if (!found) throw new ApiError(404, `No atom '${id}'`);
    return found;
  };

  // Every atom's recorded versions, newest first (each with the snapshot a restore uses).
  const history = new Map<string, (HistoryEntry & { snapshot: Atom })[]>();
  const record = (
    a: Atom,
    before: Atom | null,
    via: string,
    detail: Record<string, unknown> | null = null,
  ) => {
    const fields = Object.keys(a).filter(
      (k) => !['version', 'num_bank_questions'].includes(k),
    ) as (keyof Atom)[];
    const changes: FieldChange[] = before
      ? fields
          .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(a[f]))
          .map((field) => ({ field, from: before[field], to: a[field] }))
      : [];
    history.set(a.id, [
      {
        version: a.version ?? 1,
        at: new Date().toISOString(),
        actor: 'admin@example.com',
        action: before ? 'update' : 'create',
        via,
        detail,
        changes,
        restorable: true,
        snapshot: clone(a),
      },
      ...(history.get(a.id) ?? []),
    ]);
  };
  for (const a of atoms) {
    a.version ??= 1;
    record(a, null, 'create');
  }

  /** Questions whose text or code holds `search` (or whose id it is), newest first. */
  const matching = (search: string) =>
    questions
      .filter(
        (q) =>
          String(q.id) === search.trim() ||
          `${q.question_text} ${q.code_block}`.toLowerCase().includes(search.trim().toLowerCase()),
      )
      .sort((a, b) => b.id - a.id);
  /** A question to attach or detach: 404 unknown, 409 when `version` is not the stored one. */
  const findQuestion = (id: number, version: number) => {
    const q = questions.find((x) => x.id === id);
    if (!q) throw new ApiError(404, `No question ${id}`);
    if ((q.version ?? 1) !== version)
      throw new ApiError(409, `Question ${id} was changed by someone else since you opened it. Reload it.`);
    q.version = version + 1;
    return q;
  };

  return {
    atoms,
    list: () => answer('list', () => ({ atoms: atoms.map(withCounts) })),
    get: (id) =>
      answer('get', (): AtomWithQuestionsResponse => {
        const a = find(id);
        return { atom: withCounts(a), questions: questions.filter((q) => q.all_atoms.includes(id)) };
      }),
    create: (payload) =>
      answer('create', () => {
        if (!/^[a-z0-9][a-z0-9_-]*$/.test(payload.id ?? ''))
          throw new ApiError(400, 'id: a slug is required');
        if (atoms.some((a) => a.id === payload.id))
          throw new ApiError(409, `An atom with the slug '${payload.id}' already exists`);
        const created = { ...(payload as unknown as Atom), num_bank_questions: 0, version: 1 };
        atoms.push(created);
        record(created, null, 'create');
        return { atom: created };
      }),
    update: (id, payload, version) =>
      answer('update', () => {
        const a = find(id);
        if (version !== undefined && version !== a.version)
          throw new ApiError(409, `Atom '${id}' was changed by someone else since you opened it. Reload it.`);
        const before = clone(a);
        Object.assign(a, payload, { id, version: (a.version ?? 0) + 1 });
        record(a, before, 'edit');
        return { atom: withCounts(a) };
      }),
    remove: (id) =>
      answer('remove', () => {
        find(id);
        atoms.splice(
          atoms.findIndex((a) => a.id === id),
          1,
        );
        return { success: true as const };
      }),
    simulate: (id, request: SimulationInputs) =>
      answer('simulate', () => {
        const a = find(id);
        const candidates = Number(request.candidates);
        if (!Number.isInteger(candidates) || candidates < 50 || candidates > 5000)
          throw new ApiError(400, 'candidates: a whole number from 50 to 5000');
        const bank = questions.filter((q) => q.administered && q.all_atoms.includes(id));
        const report: SimulationReport = {
          candidates,
          numQuestions: a.num_questions,
          bankSize: bank.length,
          population: { mean: Number(request.mean), sd: Number(request.sd) },
          rmse: 0.52,
          bias: 0.03,
          meanReportedError: 0.49,
          levelAgreement: 0.61,
          bankUsed: 1,
          highestExposure: 0.92,
          exposureCap: 0.35,
          claims: [...new Set(bank.map((q) => q.claim ?? 'none'))].map((claim) => ({
            claim,
            questions: bank.filter((q) => (q.claim ?? 'none') === claim).length,
            served: Math.round(candidates * 0.8),
            share: 0.8,
          })),
          testInformation: bankInformation(bank.map((q) => q.difficulty_params)),
          errorByAbility: [-3, -2, -1, 0, 1, 2].map((from) => ({
            from,
            to: from + 1,
            candidates: Math.round(candidates / 6),
            rmse: 0.35 + Math.abs(from + 0.5) * 0.12,
            meanReportedError: 0.33 + Math.abs(from + 0.5) * 0.1,
          })),
          warnings: [
            `The bank has ${bank.length} administered questions for ${a.num_questions} per quiz: most candidates see the same ones.`,
          ],
        };
        return { report };
      }),
    question: (id) =>
      answer('question', () => {
        const q = questions.find((x) => x.id === id);
        if (!q) throw new ApiError(404, `No question ${id}`);
        return { question: q };
      }),
    history: (id) =>
      answer('history', () => {
        const a = find(id);
        return {
          entity: 'atom' as const,
          id,
          current_version: a.version ?? 1,
          entries: (history.get(id) ?? []).map(({ snapshot: _snapshot, ...entry }) => entry),
        };
      }),
    revert: (id, toVersion, version) =>
      answer('revert', () => {
        const a = find(id);
        if (version !== a.version)
          throw new ApiError(409, `Atom '${id}' was changed by someone else since you opened it. Reload it.`);
        const entry = history.get(id)?.find((e) => e.version === toVersion);
        if (!entry) throw new ApiError(404, `Atom '${id}' has no recorded version ${toVersion}`);
        const before = clone(a);
        Object.assign(a, clone(entry.snapshot), { version: version + 1 });
        record(a, before, 'revert', { reverted_to: toVersion });
        return { atom: withCounts(a), left_out: [] };
      }),
    betaCandidates: (search, atom) =>
      answer('betaCandidates', () => ({
        candidates: matching(search)
          .filter((q) => !q.administered && q.all_atoms.includes(atom))
          .slice(0, 10)
          .map(sampleExcerpt),
      })),
    searchQuestions: (search) =>
      answer('searchQuestions', () => {
        const found = matching(search);
        return { questions: found.slice(0, 20), page: 1, total: found.length, page_size: 20 };
      }),
    attach: (atomId, questionId, version) =>
      answer('attach', () => {
        find(atomId);
        const q = findQuestion(questionId, version);
        if (!q.all_atoms.includes(atomId)) q.all_atoms.push(atomId);
        return { question: q };
      }),
    detach: (atomId, questionId, version) =>
      answer('detach', () => {
        find(atomId);
        const q = findQuestion(questionId, version);
        q.all_atoms = q.all_atoms.filter((a) => a !== atomId);
        return { question: q };
      }),
  };
}
