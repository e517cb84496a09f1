// Bulk invite from a CSV file (name, email, atoms[, optional atoms]). Choosing a file checks every
// row on the server without creating anything (dry run) and shows a preview table with each row's
// problems; 'Create N invitations' is offered only when no row has one, and the server refuses the
// whole file again if anything changed meanwhile. Nothing is ever half-created.
import { useEffect, useId, useRef, useState } from 'react';
import type { BulkCreatedResponse, BulkPreviewResponse, ExtraTimePercent } from '@skillquiz/contracts';
import { DataTable } from '@skillquiz/admin-ui';
import {
  addDays,
  DEFAULT_EXPIRY_DAYS,
  EXTRA_TIME_LABELS,
  EXTRA_TIMES,
  isoDay,
  MAX_EXPIRY_DAYS,
} from '../model/inviteForm';
import { readFileText } from '../hooks/browser';
import { useBulkCreate, useBulkPreview } from '../hooks/useHiring';
import { CandidateLink } from './CandidateLink';

type Row = BulkPreviewResponse['rows'][number];

export function BulkInvite({ company, enabled }: { company: string | undefined; enabled: boolean }) {
  const id = useId();
  const [today] = useState(() => new Date());
  const [expiresOn, setExpiresOn] = useState(() => isoDay(addDays(today, DEFAULT_EXPIRY_DAYS)));
  const [extraTime, setExtraTime] = useState<ExtraTimePercent>(0);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<BulkPreviewResponse | null>(null);
  const [created, setCreated] = useState<BulkCreatedResponse | null>(null);
  const check = useBulkPreview(company);
  const create = useBulkCreate(company);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  type Settings = { expires_at: string; extra_time_percent: ExtraTimePercent };
  const settings: Settings = { expires_at: expiresOn, extra_time_percent: extraTime };
  const runCheck = (csv: string, with_: Settings = settings) => {
    setPreview(null);
    check.mutate({ csv, ...with_ }, { onSuccess: setPreview });
  };
  // The settings apply to every row: a change checks the file again (an expiry too far away is a problem).
  const changeSettings = (change: Partial<Settings>) => {
    if (change.expires_at !== undefined) setExpiresOn(change.expires_at);
    if (change.extra_time_percent !== undefined) setExtraTime(change.extra_time_percent);
    if (file) runCheck(file.csv, { ...settings, ...change });
  };

  useEffect(() => {
    if (created) resultHeading.current?.focus();
  }, [created]);

  const onFile = async (f: File | undefined) => {
    setCreated(null);
    if (!f) {
      setFile(null);
      setPreview(null);
      return;
    }
    const csv = await readFileText(f);
    setFile({ name: f.name, csv });
    runCheck(csv);
  };

  const onCreate = () => {
    if (!file) return;
    create.mutate(
      { csv: file.csv, ...settings },
      {
        onSuccess: (r) => {
          setCreated(r);
          setPreview(null);
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        // Refused (a row changed meanwhile, say): show the rows as they are now.
        onError: () => runCheck(file.csv),
      },
    );
  };

  const bad = preview?.rows.filter((r) => r.errors.length > 0) ?? [];
  let summary = '';
  if (check.isPending) summary = 'Checking the file…';
  else if (preview && preview.rows.length === 0) summary = 'The file has no rows.';
  else if (preview && bad.length === 0)
    summary = `All ${preview.rows.length} ${preview.rows.length === 1 ? 'row is' : 'rows are'} fine. Nothing is created until you choose Create.`;
  else if (preview)
    summary = `${bad.length} of ${preview.rows.length} rows ${bad.length === 1 ? 'has a problem' : 'have problems'} (rows ${bad.map((r) => r.row).join(', ')}). Nothing was created: fix the file and choose it again.`;

  return (
    <section className="hr-card hr-bulk" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Invite several candidates from a CSV file</h2>
      <p className="hr-sub" id={`${id}-format`}>
        One candidate per row: <code>name,email,atoms[,optional atoms]</code>, several atoms in a cell
        separated by <code>;</code> (for example <code>Ada Lovelace,ada@example.com,javascript;sql</code>). A
        first row naming the columns is fine. Every row is checked before anything is created.
      </p>
      <div className="hr-bulk__settings">
        <div className="hr-field">
          <label htmlFor={`${id}-expires`} className="hr-field__label">
            Links expire on
          </label>
          <input
            id={`${id}-expires`}
            className="hr-input"
            type="date"
            min={isoDay(today)}
            max={isoDay(addDays(today, MAX_EXPIRY_DAYS))}
            value={expiresOn}
            onChange={(e) => changeSettings({ expires_at: e.target.value })}
          />
        </div>
        <div className="hr-field">
          <label htmlFor={`${id}-extra`} className="hr-field__label">
            Extra time per question
          </label>
          <select
            id={`${id}-extra`}
            className="hr-input"
            value={extraTime}
            onChange={(e) =>
              changeSettings({ extra_time_percent: Number(e.target.value) as ExtraTimePercent })
            }
          >
            {EXTRA_TIMES.map((p) => (
              <option key={p} value={p}>
                {EXTRA_TIME_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="hr-field">
          <label htmlFor={`${id}-file`} className="hr-field__label">
            CSV file
          </label>
          <input
            id={`${id}-file`}
            ref={fileInput}
            className="hr-input"
            type="file"
            accept=".csv,text/csv,text/plain"
            disabled={!enabled}
            aria-describedby={`${id}-format`}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
      </div>

      <p className="hr-said" role="status" aria-live="polite">
        {summary}
      </p>

      {preview && preview.rows.length > 0 && (
        <>
          <DataTable
            caption={`Preview of ${file?.name ?? 'the file'}`}
            captionVisible
            className="hr-preview"
            columns={[
              { key: 'row', header: 'Row', cell: (r: Row) => r.row },
              { key: 'name', header: 'Name', cell: (r: Row) => r.candidate_name || '–' },
              { key: 'email', header: 'Email', cell: (r: Row) => r.candidate_email || '–' },
              {
                key: 'required',
                header: 'Required atoms',
                cell: (r: Row) => r.required_atoms.join(', ') || '–',
              },
              {
                key: 'optional',
                header: 'Optional atoms',
                cell: (r: Row) => r.optional_atoms.join(', ') || '–',
              },
              {
                key: 'problems',
                header: 'Problems',
                cell: (r: Row) =>
                  r.errors.length === 0 ? (
                    <span className="hr-ok">None</span>
                  ) : (
                    <ul className="hr-problems">
                      {r.errors.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  ),
              },
            ]}
            rows={preview.rows}
            rowKey={(r) => r.row}
          />
          {preview.valid && (
            <div className="hr-actions">
              <button
                type="button"
                className="sq-button sq-button--primary"
                disabled={create.isPending}
                onClick={onCreate}
              >
                {create.isPending
                  ? 'Creating…'
                  : `Create ${preview.rows.length} ${preview.rows.length === 1 ? 'invitation' : 'invitations'}`}
              </button>
            </div>
          )}
        </>
      )}

      {created && (
        <div className="hr-created">
          <h3 tabIndex={-1} ref={resultHeading}>
            {created.created.length} {created.created.length === 1 ? 'invitation' : 'invitations'} created
          </h3>
          <ul className="hr-created__list">
            {created.created.map((c) => (
              <li key={c.invitation.id}>
                <CandidateLink
                  label={`${c.invitation.candidate_name ?? ''} <${c.invitation.candidate_email ?? ''}>`}
                  url={c.link}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
