// The report's integrity summary (pure): one absence counts once however often the page delivered it.
import { TRACKING_EVENTS } from '@skillquiz/contracts/constants';
import { integrityReport } from './report';

const atoms = new Map([['tok', 'javascript']]);
const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 1, 0, s));

describe('integrityReport', () => {
  it('counts an offline period delivered twice (a retried send) once', () => {
    const offline = {
      token: 'tok',
      questionId: 1,
      event: TRACKING_EVENTS.wentOffline,
      eventDetails: { l: at(0).getTime(), r: at(2).getTime(), t: 2000 },
    };
    const report = integrityReport(
      [
        { ...offline, at: at(2) },
        { ...offline, at: at(6) }, // the same absence again, after a send that timed out
        { token: 'tok', questionId: 1, event: TRACKING_EVENTS.usedClipboard, at: at(7) },
      ],
      atoms,
    );
    expect(report.counts.offline_periods).toBe(1);
    expect(report.time_offline_seconds).toBe(2);
    expect(report.events.map((e) => e.kind)).toEqual(['offline', 'clipboard']);
  });

  it('keeps two different absences, and two tab switches of two quizzes starting at the same moment', () => {
    const left = at(0).getTime();
    const report = integrityReport(
      [
        {
          token: 'tok',
          questionId: 1,
          event: TRACKING_EVENTS.switchedTabs,
          eventDetails: { l: left, t: 1000 },
          at: at(1),
        },
        {
          token: 'tok',
          questionId: 2,
          event: TRACKING_EVENTS.switchedTabs,
          eventDetails: { l: left + 5000, t: 3000 },
          at: at(8),
        },
        {
          token: 'other',
          questionId: 1,
          event: TRACKING_EVENTS.switchedTabs,
          eventDetails: { l: left, t: 1000 },
          at: at(1),
        },
      ],
      atoms,
    );
    expect(report.counts.tab_switches).toBe(3);
    expect(report.time_away_seconds).toBe(5);
  });

  it("times the developer tools and clipboard use by the page's clock when a batch brought them together", () => {
    // Opened, a copy, closed 5 s later: all three arrived in one batch at second 9.
    const report = integrityReport(
      [
        { token: 'tok', questionId: 2, event: TRACKING_EVENTS.devToolsClosed, at: at(9), client_at: at(5) },
        { token: 'tok', questionId: 2, event: TRACKING_EVENTS.usedClipboard, at: at(9), client_at: at(3) },
        { token: 'tok', questionId: 2, event: TRACKING_EVENTS.devToolsOpened, at: at(9), client_at: at(0) },
        // One without the page's time (a one-event route): its arrival.
        { token: 'tok', questionId: 3, event: TRACKING_EVENTS.usedClipboard, at: at(12) },
      ],
      atoms,
    );
    expect(report.events).toEqual([
      expect.objectContaining({ kind: 'devtools', at: at(0).toISOString(), duration_seconds: 5 }),
      expect.objectContaining({ kind: 'clipboard', question_number: 2, at: at(3).toISOString() }),
      expect.objectContaining({ kind: 'clipboard', question_number: 3, at: at(12).toISOString() }),
    ]);
  });
});
