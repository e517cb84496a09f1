// 'Needs review' (issue 14): every question of the chosen atom with a review flag, with the reasons
// in words, linked to its statistics tab. It comes from the statistics alone (they cover the whole
// atom, not one page), so the search box and paging do not apply to it.
import { Link } from 'react-router-dom';
import type { ItemStatistics } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import { statisticsColumns } from './statisticsColumns';

export function NeedsReviewTable({
  statistics,
  atom,
  atomName,
}: {
  statistics: Readonly<Record<string, ItemStatistics>>;
  atom: string;
  /** The atom's name, once the atom list has loaded (its slug until then). */
  atomName?: string;
}) {
  const flagged = Object.values(statistics)
    .filter((s) => s.flags.length > 0)
    .sort((a, b) => a.questionId - b.questionId);
  const scope = atom === CONSTANTS.ALL_ATOMS_KEY ? 'all atoms' : `atom ${atomName ?? atom}`;
  if (flagged.length === 0) return <p className="qa-empty">No question of {scope} has a review flag.</p>;
  const columns: Column<ItemStatistics>[] = [
    {
      key: 'id',
      header: 'ID',
      className: 'qa-col-id',
      cell: (s) => (
        <Link
          to={`edit/${s.questionId}/?page=statistics`}
          aria-label={`Statistics of question ${s.questionId}`}
        >
          {s.questionId}
        </Link>
      ),
    },
    ...statisticsColumns<ItemStatistics>((s) => s),
  ];
  return (
    <DataTable
      caption={`Questions of ${scope} that need review (the search and paging do not apply)`}
      captionVisible
      columns={columns}
      rows={flagged}
      rowKey={(s) => s.questionId}
    />
  );
}
