// The integrity timeline: what the quiz page noticed (tab or window switches, offline periods,
// developer tools, clipboard use), counted, with the total time away and each event in order.
// Worded as signals for a person to review with the candidate, never as a verdict: each has
// innocent causes, and the page says so before it lists anything.
import type { IntegrityReport } from '@skillquiz/contracts';
import { DataTable } from '@skillquiz/admin-ui';
import {
  eventPlace,
  formatDateTime,
  formatDuration,
  INTEGRITY_LABELS,
  integrityLines,
  integritySummary,
} from '../model/reportView';

type Event = IntegrityReport['events'][number];

export function IntegritySection({
  integrity,
  atomNames,
}: {
  integrity: IntegrityReport;
  atomNames: ReadonlyMap<string, string>;
}) {
  return (
    <section className="hr-card hr-integrity" aria-labelledby="hr-integrity-heading">
      <h2 id="hr-integrity-heading">Integrity signals</h2>
      <p className="hr-note">
        Signals for a person to review, not a verdict. Each can have an innocent cause: a notification or
        another window, an unreliable connection, a browser extension, assistive technology. Consider them
        together with the answers, and ask the candidate before drawing any conclusion.
      </p>
      <p>{integritySummary(integrity)}</p>
      <dl className="hr-signals">
        {integrityLines(integrity).map((line) => (
          <div key={line.kind} className="hr-signals__row">
            <dt>{line.label}</dt>
            <dd>
              {line.text}
              {line.note && <span className="hr-signals__note">{line.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {integrity.events.length > 0 && (
        <DataTable
          caption="Timeline"
          captionVisible
          className="hr-timeline"
          columns={[
            { key: 'at', header: 'When', cell: (e: Event) => formatDateTime(e.at) },
            { key: 'what', header: 'Signal', cell: (e: Event) => INTEGRITY_LABELS[e.kind] },
            { key: 'where', header: 'Where', cell: (e: Event) => eventPlace(e, atomNames) },
            {
              key: 'long',
              header: 'How long',
              cell: (e: Event) => (e.duration_seconds == null ? '–' : formatDuration(e.duration_seconds)),
            },
          ]}
          rows={integrity.events}
          rowKey={(e, i) => `${e.at}-${i}`}
        />
      )}
    </section>
  );
}
