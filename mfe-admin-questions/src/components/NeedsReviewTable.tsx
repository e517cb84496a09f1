// 'Needs review': every question of the chosen atom with a review flag, with an
// excerpt of its text as the candidate sees it (inline code as code), the reasons in words, and a link
// to its statistics tab. It covers the whole atom, not one page, so the search box and paging do not
// apply to it. The flags and excerpts come from GET /api/questions/needs-review; the numbers from the
// statistics the list already has.
import { Link } from 'react-router-dom';
import type { ItemStatistics, NeedsReviewItem } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import { RichLine } from '@skillquiz/question-view';
import { useNeedsReview } from '../hooks/useAnalytics';
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
  const review = useNeedsReview(atom);
  const scope = atom === CONSTANTS.ALL_ATOMS_KEY ? 'all atoms' : `atom ${atomName ?? atom}`;
  if (review.isError) return <p className="qa-empty">The questions that need review could not be loaded.</p>;
  if (!review.data) return <p className="qa-sub">Loading the questions that need review…</p>;
  const flagged = review.data.questions;
  if (flagged.length === 0) return <p className="qa-empty">No question of {scope} has a review flag.</p>;
  const columns: Column<NeedsReviewItem>[] = [
    {
      key: 'id',
      header: 'ID',
      className: 'qa-col-id',
      cell: (q) => (
        <Link to={`edit/${q.id}/?page=statistics`} aria-label={`Statistics of question ${q.id}`}>
          {q.id}
        </Link>
      ),
    },
    { key: 'question', header: 'Question', cell: (q) => <RichLine text={q.excerpt} /> },
    ...statisticsColumns<NeedsReviewItem>((q) => statistics[String(q.id)]),
  ];
  return (
    <DataTable
      caption={`Questions of ${scope} that need review (the search and paging do not apply)`}
      captionVisible
      columns={columns}
      rows={flagged}
      rowKey={(q) => q.id}
    />
  );
}
