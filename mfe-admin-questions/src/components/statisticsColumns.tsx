// The questions list's statistics columns (behind 'Show statistics'): Answered, Correct
// share, Discrimination and Review flags (each flag's reason in words, an answer's inline code as code). A question nobody has
// answered shows dashes, not zeros, so "no data" never reads as "a bad question".
import type { ItemStatistics } from '@skillquiz/contracts';
import type { Column } from '@skillquiz/admin-ui';
import { RichLine } from '@skillquiz/question-view';

export const formatShare = (x: number | null | undefined) =>
  x === null || x === undefined ? '–' : `${Math.round(x * 100)}%`;
export const formatNumber = (x: number | null | undefined, digits = 2) =>
  x === null || x === undefined ? '–' : x.toFixed(digits);

export function ReviewFlags({ stats }: { stats: ItemStatistics | undefined }) {
  if (!stats || stats.flags.length === 0) return <span className="qa-sub">None</span>;
  return (
    <ul className="qa-flags">
      {stats.flags.map((f) => (
        <li key={f.code}>
          <RichLine text={f.reason} />
        </li>
      ))}
    </ul>
  );
}

/** Columns for rows of any shape, given how to find a row's statistics. */
export function statisticsColumns<T>(statsOf: (row: T) => ItemStatistics | undefined): Column<T>[] {
  return [
    {
      key: 'answered',
      header: 'Answered',
      className: 'qa-col-number',
      cell: (row) => statsOf(row)?.answered ?? 0,
    },
    {
      key: 'share-correct',
      header: 'Correct share',
      className: 'qa-col-number',
      cell: (row) => formatShare(statsOf(row)?.shareCorrect),
    },
    {
      key: 'discrimination',
      header: 'Discrimination',
      className: 'qa-col-number',
      cell: (row) => formatNumber(statsOf(row)?.discrimination),
    },
    {
      key: 'flags',
      header: 'Review flags',
      className: 'qa-col-flags',
      cell: (row) => <ReviewFlags stats={statsOf(row)} />,
    },
  ];
}
