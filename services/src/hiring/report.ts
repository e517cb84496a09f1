// The per-candidate report (GET /api/hiring/invitations/{id}): per atom the level with its
// probabilities from the posterior, the estimate and its error, the percentile among the atom's
// finished candidates, every question as served (topic, outcome, time taken against time allowed),
// whether the demo skip reached it; and the integrity signals of all its quizzes. Everything is read from the
// quizzes' snapshots, never the bank, so later edits of questions or atoms' texts do not change
// what a result says (the level descriptions are the atom's current client-facing ones).
import {
  DEFAULT_LEVELS_THRESHOLDS,
  TRACKING_EVENTS,
  type IntegrityEvent,
  type IntegrityReport,
  type InvitationReport,
  type LevelThresholds,
  type ReportAtom,
  type ReportQuestion,
} from '@skillquiz/contracts';
import type { LevelThreshold } from '@skillquiz/adaptive';
import type { Config } from '../platform';
import { clockOf } from './invitations/lifecycle';
import { percentileOf } from './invitations/norms';
import { atomOutcome, levelAt } from './invitations/results';
import { SUMMARY_QUIZ_FIELDS, effectiveStatus, quizFor, summarizeInvitation } from './invitations/summary';
import { Atom, type AtomDoc } from '../content';
import { QuizResult, type QuizResultDoc, type ServedQuestionDoc, TrackingEvent } from '../quiz';
import { findScopedInvitation, type HiringScope } from './scope';
import { companiesOf, linksOf, toRow } from './views';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** One served question as the report lists it. */
export function reportQuestion(q: ServedQuestionDoc): ReportQuestion {
  const allowed =
    q.served_at && q.expires_at ? seconds(q.expires_at.getTime() - q.served_at.getTime()) : null;
  let outcome: ReportQuestion['outcome'] = 'not_answered';
  if (q.answered_at) outcome = q.timed_out ? 'timed_out' : q.correct ? 'correct' : 'incorrect';
  let taken: number | null = null;
  if (q.answered_at && q.served_at)
    taken = q.timed_out ? allowed : seconds(q.answered_at.getTime() - q.served_at.getTime());
  return {
    number: q.number,
    claim: q.snapshot?.claim ?? null,
    scored: q.scored !== false,
    outcome,
    time_taken_seconds: taken,
    time_allowed_seconds: allowed,
  };
}

interface TrackingLean {
  token: string;
  questionId: number;
  event: number;
  eventDetails?: { l?: number; r?: number; t?: number };
  at: Date;
  /** When it happened by the page's clock (events sent in a batch); `at` is when it arrived. */
  client_at?: Date | null;
}

/** When an event happened: the page's own time when it sent one, else its arrival. */
const happened = (e: TrackingLean): Date => e.client_at ?? e.at;

/**
 * The integrity signals of the quizzes, in time order: tab switches and offline periods with their
 * duration (the page measured them: `t`; when: `l`, the page's clock, else when it arrived), the
 * developer tools from open to close, clipboard use. Counts and totals for the summary line.
 */
export function integrityReport(
  events: readonly TrackingLean[],
  atomOfToken: ReadonlyMap<string, string>,
): IntegrityReport {
  const out: IntegrityEvent[] = [];
  const openTools = new Map<string, IntegrityEvent>();
  let away = 0;
  let offline = 0;
  // An absence is one event however often it arrived: the page's queue sends again when a try
  // timed out, and a try that timed out may still have been stored (seen under load). Its start
  // (`l`, the page's clock) names it.
  const absences = new Set<string>();
  const sorted = [...events].sort((a, b) => happened(a).getTime() - happened(b).getTime());
  for (const e of sorted) {
    const atom = atomOfToken.get(e.token) ?? '';
    const question = e.questionId > 0 ? e.questionId : null;
    const d = e.eventDetails ?? {};
    if (
      (e.event === TRACKING_EVENTS.switchedTabs || e.event === TRACKING_EVENTS.wentOffline) &&
      typeof d.l === 'number'
    ) {
      const key = `${e.token} ${e.event} ${d.l}`;
      if (absences.has(key)) continue;
      absences.add(key);
    }
    const when = typeof d.l === 'number' && d.l > 0 ? new Date(d.l) : happened(e);
    const duration = typeof d.t === 'number' ? seconds(d.t) : null;
    switch (e.event) {
      case TRACKING_EVENTS.switchedTabs:
        out.push({
          kind: 'tab_switch',
          atom_id: atom,
          question_number: question,
          at: when.toISOString(),
          duration_seconds: duration,
        });
        away += d.t ?? 0;
        break;
      case TRACKING_EVENTS.wentOffline:
        out.push({
          kind: 'offline',
          atom_id: atom,
          question_number: question,
          at: when.toISOString(),
          duration_seconds: duration,
        });
        offline += d.t ?? 0;
        break;
      case TRACKING_EVENTS.devToolsOpened: {
        const ev: IntegrityEvent = {
          kind: 'devtools',
          atom_id: atom,
          question_number: question,
          at: happened(e).toISOString(),
          duration_seconds: null,
        };
        out.push(ev);
        openTools.set(e.token, ev);
        break;
      }
      case TRACKING_EVENTS.devToolsClosed: {
        const open = openTools.get(e.token);
        if (open) open.duration_seconds = seconds(happened(e).getTime() - Date.parse(open.at));
        openTools.delete(e.token);
        break;
      }
      case TRACKING_EVENTS.usedClipboard:
        out.push({
          kind: 'clipboard',
          atom_id: atom,
          question_number: question,
          at: happened(e).toISOString(),
          duration_seconds: null,
        });
        break;
    }
  }
  out.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const count = (k: IntegrityEvent['kind']) => out.filter((e) => e.kind === k).length;
  return {
    counts: {
      tab_switches: count('tab_switch'),
      offline_periods: count('offline'),
      devtools_opened: count('devtools'),
      clipboard_uses: count('clipboard'),
    },
    time_away_seconds: seconds(away),
    time_offline_seconds: seconds(offline),
    events: out,
  };
}

function thresholdsOf(atom: Pick<AtomDoc, 'levels_thresholds'> | undefined): LevelThresholds {
  const t = atom?.levels_thresholds;
  return t && t.length === 5 ? (t as LevelThresholds) : [...DEFAULT_LEVELS_THRESHOLDS];
}

/**
 * What the report reads of its quizzes: the summary's fields, the links' token and the served
 * questions; never the survey answer (the candidate is told it is not shared individually: the
 * company sees it only in aggregate, hiring/survey.ts); not the answer log nor the analytics' copy of the answers. Top-level fields only:
 * the embedded engine reads those from a document's bytes, while a projection inside the served
 * array would decode and rebuild every question (measured slower than reading it whole).
 */
export const REPORT_QUIZ_FIELDS = {
  ...SUMMARY_QUIZ_FIELDS,
  token: 1,
} as const;

/** What the report reads of its atoms. */
const REPORT_ATOM_FIELDS = {
  name: 1,
  client_description: 1,
  levels_thresholds: 1,
  level_1_description: 1,
  level_2_description: 1,
  level_3_description: 1,
  level_4_description: 1,
  level_5_description: 1,
} as const;

/**
 * The report of one invitation inside the scope (404 outside it). Three rounds of indexed reads:
 * the invitation; its quizzes and atoms; then its tracking events, the percentiles and (an admin
 * with no company chosen) its company, all at once.
 */
export async function invitationReport(
  scope: HiringScope,
  id: unknown,
  config: Pick<Config, 'publicUrl' | 'abandonGraceMinutes'>,
  now = new Date(),
): Promise<InvitationReport> {
  const inv = await findScopedInvitation(scope, id);
  const atomIds = [...(inv.required_atoms ?? []), ...(inv.optional_atoms ?? [])];
  const [quizzes, atomDocs] = await Promise.all([
    QuizResult.find({ invitation: inv._id }).select(REPORT_QUIZ_FIELDS).lean<QuizResultDoc[]>().exec(),
    Atom.find({ _id: { $in: atomIds } })
      .select(REPORT_ATOM_FIELDS)
      .lean<AtomDoc[]>()
      .exec(),
  ]);
  const atoms = new Map(atomDocs.map((a) => [a._id, a]));

  // The live summary: statuses exactly as the list shows them once its write lands.
  const thresholds = new Map<string, LevelThreshold[] | null>(
    atomIds.map((a) => [a, thresholdsOf(atoms.get(a)) as LevelThreshold[]]),
  );
  const summary = summarizeInvitation(inv, quizzes, thresholds, clockOf(config, now));
  const names = new Map(atomIds.map((a) => [a, atoms.get(a)?.name ?? a]));

  const outcomes = summary.progress.map((p) => {
    const quiz = quizFor(p.atom_id, quizzes);
    const t = thresholdsOf(atoms.get(p.atom_id));
    return p.state === 'finished' && quiz ? atomOutcome(quiz, p.atom_id, t as LevelThreshold[]) : null;
  });
  // The tracking events, the percentiles (one read per finished atom) and the company, at once.
  const [events, percentiles, company] = await Promise.all([
    quizzes.length
      ? TrackingEvent.find({ token: { $in: quizzes.map((q) => q.token) } })
          .select({ token: 1, questionId: 1, event: 1, eventDetails: 1, at: 1, client_at: 1 })
          .lean<TrackingLean[]>()
          .exec()
      : Promise.resolve([] as TrackingLean[]),
    Promise.all(
      summary.progress.map((p, i) => (outcomes[i] ? percentileOf(p.atom_id, outcomes[i]!.estimate) : null)),
    ),
    scope.company
      ? Promise.resolve(scope.company)
      : companiesOf([inv]).then((c) => c.get(String(inv.company))!),
  ]);

  const reportAtoms: ReportAtom[] = [];
  for (const [i, p] of summary.progress.entries()) {
    const atom = atoms.get(p.atom_id);
    const t = thresholdsOf(atom);
    const quiz = quizFor(p.atom_id, quizzes);
    const outcome = outcomes[i];
    const levelKey = outcome ? (`level_${outcome.level}_description` as keyof AtomDoc) : null;
    reportAtoms.push({
      atom_id: p.atom_id,
      atom_name: names.get(p.atom_id)!,
      required: p.required,
      status: effectiveStatus(p, now),
      started_at: iso(p.started_at),
      finished_at: iso(p.finished_at),
      client_description: atom?.client_description ?? '',
      levels_thresholds: t,
      level: outcome?.level ?? null,
      level_description: levelKey ? String(atom?.[levelKey] ?? '') : null,
      level_probabilities: outcome?.probabilities ?? null,
      estimate: outcome?.estimate ?? null,
      error: outcome?.error ?? null,
      band: outcome
        ? {
            low: outcome.estimate - outcome.error,
            high: outcome.estimate + outcome.error,
            low_level: levelAt(outcome.estimate - outcome.error, t as LevelThreshold[]),
            high_level: levelAt(outcome.estimate + outcome.error, t as LevelThreshold[]),
          }
        : null,
      percentile: percentiles[i],
      questions: quiz
        ? quiz.served
            .filter((q) => q.atom_id === p.atom_id)
            .sort((a, b) => a.number - b.number)
            .map(reportQuestion)
        : [],
      skipped: quiz?.simulated === true,
    });
  }

  const atomOfToken = new Map(quizzes.map((q) => [q.token, q.atom_ids?.[0] ?? '']));
  const row = toRow({ ...inv, ...summary }, company, names, now);
  return {
    invitation: {
      ...row,
      links: linksOf(inv, quizzes, names, config.publicUrl),
      created_by: inv.created_by ?? null,
    },
    atoms: reportAtoms,
    integrity: integrityReport(events, atomOfToken),
    extra_time_percent: inv.extra_time_percent ?? 0,
  };
}
