// The report's words and geometry as pure functions: durations, levels, the estimate's band on the
// level scale, the percentile, question outcomes, the survey, and the integrity signals, worded as
// things for a person to look at, never as a verdict.
import type {
  IntegrityEvent,
  IntegrityKind,
  IntegrityReport,
  LevelThresholds,
  QuestionOutcome,
  ReportAtom,
} from '@skillquiz/contracts';

/** '45 s', '2 min 15 s', '1 h 5 min'; '–' for unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return '–';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return rest ? `${Math.floor(s / 60)} min ${rest} s` : `${Math.floor(s / 60)} min`;
  }
  const minutes = Math.round((s % 3600) / 60);
  return minutes ? `${Math.floor(s / 3600)} h ${minutes} min` : `${Math.floor(s / 3600)} h`;
}

/** A date and time as people read them here ('26 Nov 2025, 14:05'); '–' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

/** 0.62 -> '62%'; small shares keep one decimal so 0.4% does not read as 0%. */
export function formatShare(p: number): string {
  const pct = p * 100;
  if (pct > 0 && pct < 1) return `${pct.toFixed(1)}%`;
  return `${Math.round(pct)}%`;
}

/** The level names on the scale, L1..L5. */
export const LEVELS = [1, 2, 3, 4, 5] as const;
export const levelName = (level: number) => `L${level}`;

/** The part of the ability (theta) scale the band chart shows; estimates outside are drawn at its ends. */
export const SCALE = { MIN: -3, MAX: 3 } as const;

export interface LevelZone {
  level: number;
  /** Where the zone starts and ends on the shown scale, 0..100 (%). */
  from: number;
  to: number;
}

/** Position on the shown scale in % (clamped to its ends). */
export function scalePosition(theta: number): number {
  const clamped = Math.min(SCALE.MAX, Math.max(SCALE.MIN, theta));
  return ((clamped - SCALE.MIN) / (SCALE.MAX - SCALE.MIN)) * 100;
}

/** The five level zones of an atom's thresholds ('-inf' for L1's start) on the shown scale. */
export function levelZones(thresholds: LevelThresholds): LevelZone[] {
  const starts = thresholds.map((t) => (t === '-inf' ? -Infinity : t));
  return LEVELS.map((level, i) => ({
    level,
    from: scalePosition(starts[i]),
    to: i + 1 < starts.length ? scalePosition(starts[i + 1]) : 100,
  }));
}

/** 'L3' or 'L2 to L3': the levels the estimate ± its error spans. */
export function bandLevels(band: NonNullable<ReportAtom['band']>): string {
  return band.low_level === band.high_level
    ? levelName(band.low_level)
    : `${levelName(band.low_level)} to ${levelName(band.high_level)}`;
}

/** The estimate and its error as one sentence (theta scale, two decimals). */
export function estimateText(atom: Pick<ReportAtom, 'estimate' | 'error' | 'band'>): string {
  if (atom.estimate == null || atom.error == null || !atom.band) return 'No estimate yet.';
  return (
    `Estimate ${atom.estimate.toFixed(2)} ± ${atom.error.toFixed(2)} on the ability scale: ` +
    `the band from ${atom.band.low.toFixed(2)} to ${atom.band.high.toFixed(2)} lies in ${bandLevels(atom.band)}.`
  );
}

/** How the candidate compares with the others who finished the atom, with how many that is. */
export function percentileText(atom: Pick<ReportAtom, 'percentile' | 'atom_name'>): string {
  const p = atom.percentile;
  if (!p) return 'No comparison yet.';
  const others = `${p.among} ${p.among === 1 ? 'candidate' : 'candidates'}`;
  if (p.value == null)
    return `Not enough candidates to compare yet (${others} finished ${atom.atom_name} so far).`;
  const value = Number.isInteger(p.value) ? String(p.value) : p.value.toFixed(1);
  return `Scored higher than ${value}% of the ${others} who finished ${atom.atom_name} (percentile ${value}).`;
}

export const OUTCOME_LABELS: Record<QuestionOutcome, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  timed_out: 'Timed out',
  not_answered: 'Not answered',
};

/** The done page's survey ('Is the content relevant to the role?'): the candidate's answer. */
export function surveyText(rating: number | null): string {
  switch (rating) {
    case 0:
      return 'No, not relevant';
    case 1:
      return 'Somewhat relevant';
    case 2:
      return 'Yes, relevant';
    default:
      return 'Not answered';
  }
}

export const INTEGRITY_LABELS: Record<IntegrityKind, string> = {
  tab_switch: 'Left the quiz tab or window',
  offline: 'Went offline',
  // Inferred from console timing, not seen: 'possibly' (docs/DECISIONS.md).
  devtools: 'Developer tools possibly open',
  clipboard: 'Copied, cut or pasted',
};

const times = (n: number) => (n === 1 ? '1 time' : `${n} times`);

export interface IntegrityLine {
  kind: IntegrityKind;
  label: string;
  count: number;
  /** '3 times, 2 min 10 s in total' */
  text: string;
  /** How the signal is known, where that matters for reading it. */
  note?: string;
}

/**
 * How the quiz page infers open developer tools, for the recruiter. The page cannot see the tools: it
 * sees the browser take far longer to write a table to its console than a line, several times in a
 * row, which is what an open console does, and also what software watching the console does.
 */
export const DEVTOOLS_NOTE =
  'Inferred, not seen: the browser was much slower to write to its console than to do the same work ' +
  'otherwise, for about a second or more in a row. Open developer tools cause this; so can software ' +
  'that watches the browser, such as automated testing tools or some extensions.';

/** One line per kind of signal, with its count and (where measured) the total time. */
export function integrityLines(integrity: IntegrityReport): IntegrityLine[] {
  const { counts } = integrity;
  const devtoolsSeconds = integrity.events
    .filter((e) => e.kind === 'devtools' && e.duration_seconds != null)
    .reduce((sum, e) => sum + (e.duration_seconds ?? 0), 0);
  const withTime = (n: number, seconds: number) =>
    n > 0 && seconds > 0 ? `${times(n)}, ${formatDuration(seconds)} in total` : times(n);
  return [
    {
      kind: 'tab_switch',
      label: INTEGRITY_LABELS.tab_switch,
      count: counts.tab_switches,
      text: withTime(counts.tab_switches, integrity.time_away_seconds),
    },
    {
      kind: 'offline',
      label: INTEGRITY_LABELS.offline,
      count: counts.offline_periods,
      text: withTime(counts.offline_periods, integrity.time_offline_seconds),
    },
    {
      kind: 'devtools',
      label: INTEGRITY_LABELS.devtools,
      count: counts.devtools_opened,
      text: withTime(counts.devtools_opened, devtoolsSeconds),
      ...(counts.devtools_opened > 0 ? { note: DEVTOOLS_NOTE } : {}),
    },
    {
      kind: 'clipboard',
      label: INTEGRITY_LABELS.clipboard,
      count: counts.clipboard_uses,
      text: times(counts.clipboard_uses),
    },
  ];
}

/** The summary sentence above the details: how much there is to review, never a judgement. */
export function integritySummary(integrity: IntegrityReport): string {
  const total = integrity.events.length;
  if (total === 0) return 'No signals were recorded during the quiz.';
  const away = integrity.time_away_seconds + integrity.time_offline_seconds;
  return (
    `${total} ${total === 1 ? 'signal was' : 'signals were'} recorded` +
    (away > 0 ? `, with ${formatDuration(away)} away from the quiz or offline in total` : '') +
    '. Review them with the candidate’s circumstances in mind.'
  );
}

/** Where an event happened: 'JavaScript, question 3' (or the atom alone, outside a question). */
export function eventPlace(event: IntegrityEvent, atomNames: ReadonlyMap<string, string>): string {
  const atom = atomNames.get(event.atom_id) ?? event.atom_id;
  return event.question_number ? `${atom}, question ${event.question_number}` : atom;
}
