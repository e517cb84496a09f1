import type { IntegrityReport } from '@skillquiz/contracts';
import {
  bandLevels,
  estimateText,
  formatDuration,
  formatShare,
  integrityLines,
  integritySummary,
  DEVTOOLS_NOTE,
  levelZones,
  percentileText,
  scalePosition,
  surveyText,
} from './reportView';

it('durations read as people say them', () => {
  expect(formatDuration(null)).toBe('–');
  expect(formatDuration(0)).toBe('0 s');
  expect(formatDuration(44.6)).toBe('45 s');
  expect(formatDuration(135)).toBe('2 min 15 s');
  expect(formatDuration(120)).toBe('2 min');
  expect(formatDuration(3900)).toBe('1 h 5 min');
});

it('probabilities as percentages, small ones not rounded to nothing', () => {
  expect(formatShare(0.584)).toBe('58%');
  expect(formatShare(0.004)).toBe('0.4%');
  expect(formatShare(0)).toBe('0%');
});

it('places the level zones of the thresholds on the shown scale (-3..3)', () => {
  expect(scalePosition(0)).toBe(50);
  expect(scalePosition(-10)).toBe(0);
  expect(scalePosition(9)).toBe(100);
  const zones = levelZones(['-inf', -1, -0.25, 0.5, 1.25]);
  expect(zones.map((z) => z.level)).toEqual([1, 2, 3, 4, 5]);
  expect(zones[0]).toEqual({ level: 1, from: 0, to: scalePosition(-1) });
  expect(zones[4]).toEqual({ level: 5, from: scalePosition(1.25), to: 100 });
  // The zones tile the scale.
  for (let i = 1; i < zones.length; i++) expect(zones[i].from).toBe(zones[i - 1].to);
});

it('says the estimate with its error and the levels its band spans', () => {
  const band = { low: 0.55, high: 1.17, low_level: 4, high_level: 4 };
  expect(bandLevels(band)).toBe('L4');
  expect(bandLevels({ ...band, low_level: 3 })).toBe('L3 to L4');
  expect(estimateText({ estimate: 0.86, error: 0.31, band })).toBe(
    'Estimate 0.86 ± 0.31 on the ability scale: the band from 0.55 to 1.17 lies in L4.',
  );
  expect(estimateText({ estimate: null, error: null, band: null })).toBe('No estimate yet.');
});

it('the percentile says among how many, and says when there are too few to compare', () => {
  expect(percentileText({ atom_name: 'SQL', percentile: { value: 78.5, among: 142 } })).toBe(
    'Scored higher than 78.5% of the 142 candidates who finished SQL (percentile 78.5).',
  );
  expect(percentileText({ atom_name: 'SQL', percentile: { value: 50, among: 2 } })).toMatch(
    /^Scored higher than 50% of the 2/,
  );
  expect(percentileText({ atom_name: 'SQL', percentile: { value: null, among: 1 } })).toBe(
    'Not enough candidates to compare yet (1 candidate finished SQL so far).',
  );
});

it('the survey answer in the words the candidate saw', () => {
  expect([0, 1, 2, null].map(surveyText)).toEqual([
    'No, not relevant',
    'Somewhat relevant',
    'Yes, relevant',
    'Not answered',
  ]);
});

const integrity = (events: IntegrityReport['events'], away = 0, offline = 0): IntegrityReport => ({
  counts: {
    tab_switches: events.filter((e) => e.kind === 'tab_switch').length,
    offline_periods: events.filter((e) => e.kind === 'offline').length,
    devtools_opened: events.filter((e) => e.kind === 'devtools').length,
    clipboard_uses: events.filter((e) => e.kind === 'clipboard').length,
  },
  time_away_seconds: away,
  time_offline_seconds: offline,
  events,
});
const event = (kind: IntegrityReport['events'][number]['kind'], duration: number | null) => ({
  kind,
  atom_id: 'sql',
  question_number: 2,
  at: '2030-05-06T10:00:00.000Z',
  duration_seconds: duration,
});

it('counts each kind of signal with its total time, and words the summary as something to review', () => {
  const report = integrity(
    [
      event('tab_switch', 42),
      event('tab_switch', 8),
      event('clipboard', null),
      event('devtools', 30),
      event('offline', 15),
    ],
    50,
    15,
  );
  expect(integrityLines(report).map((l) => [l.label, l.text])).toEqual([
    ['Left the quiz tab or window', '2 times, 50 s in total'],
    ['Went offline', '1 time, 15 s in total'],
    ['Developer tools possibly open', '1 time, 30 s in total'],
    ['Copied, cut or pasted', '1 time'],
  ]);
  expect(integritySummary(report)).toBe(
    '5 signals were recorded, with 1 min 5 s away from the quiz or offline in total. Review them with the candidate’s circumstances in mind.',
  );
  expect(integritySummary(integrity([]))).toBe('No signals were recorded during the quiz.');
  // Developer tools are inferred from timing: the line says how, and only when there is one.
  expect(integrityLines(report).find((l) => l.kind === 'devtools')!.note).toBe(DEVTOOLS_NOTE);
  expect(integrityLines(integrity([])).filter((l) => l.note)).toEqual([]);
  // Never a verdict.
  expect(integritySummary(report)).not.toMatch(/cheat|suspicious|fail|violat/i);
});
