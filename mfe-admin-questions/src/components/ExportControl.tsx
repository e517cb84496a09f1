// "Export" on the questions list: the list as it is filtered now (atom, search,
// administered, status; every page), in the chosen format, as a download. A failure is said in words.
import { useId, useState } from 'react';
import type { ImportFormat } from '@skillquiz/contracts';
import { EXPORT_FORMATS } from '../model/importPlan';
import type { ListQuery } from '../model/listQuery';
import { useExport } from '../hooks/useContentIo';

export function ExportControl({ query }: { query: ListQuery }) {
  const id = useId();
  const [format, setFormat] = useState<ImportFormat>('json');
  const exporting = useExport();
  let status = '';
  if (exporting.isPending) status = 'Exporting…';
  else if (exporting.isSuccess) status = `Exported ${exporting.data.filename}.`;
  return (
    <div className="qa-export" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="qa-filter__label">
        Export the list as filtered
      </span>
      <label className="sq-sr-only" htmlFor={`${id}-format`}>
        Export format
      </label>
      <select
        id={`${id}-format`}
        className="qa-input"
        value={format}
        onChange={(e) => setFormat(e.target.value as ImportFormat)}
      >
        {EXPORT_FORMATS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="sq-button"
        disabled={exporting.isPending}
        onClick={() => exporting.mutate({ query, format })}
      >
        Export
      </button>
      <span className="qa-sub" role="status" aria-live="polite">
        {status}
      </span>
      {exporting.isError && (
        <p role="alert" className="qa-error">
          The export failed: {exporting.error.message}
        </p>
      )}
    </div>
  );
}
