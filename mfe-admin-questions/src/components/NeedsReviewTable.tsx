// 'Needs review': every question of the chosen atom with a review flag, with an
// excerpt of its text as the candidate sees it (inline code as code), the reasons in words, and a link
// to its statistics tab. It covers the whole atom, not one page, so the search box and paging do not
// apply to it. The flags and excerpts come from GET /api/questions/needs-review; the numbers from the
// statistics the list already has. A question that looks compromised (easier and faster than its
// calibration over recent attempts) shows the evidence and can be taken out of service in one click
// (administered off, so no quiz serves it, and back to draft).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ItemStatistics, NeedsReviewItem } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import { RichLine } from '@skillquiz/question-view';
import { useQuestionsApi } from '../api/context';
import { questionKeys } from '../api/queries';
import { useNeedsReview } from '../hooks/useAnalytics';
import { formFromQuestion, toWritePayload } from '../model/questionForm';
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
  if (flagged.some(compromised))
    columns.push({
      key: 'compromised',
      header: 'Possibly compromised',
      cell: (q) => (compromised(q) ? <TakeOutOfService question={q} /> : '–'),
    });
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

const compromised = (q: NeedsReviewItem) => q.flags.some((f) => f.code === 'possibly_compromised');

/** The drift evidence and, for a ready question, one click back to draft (no longer served). */
function TakeOutOfService({ question }: { question: NeedsReviewItem }) {
  const api = useQuestionsApi();
  const queryClient = useQueryClient();
  const retire = useMutation({
    // Not administered (so no quiz serves it), then back to draft (a ready question must stay administered).
    mutationFn: async () => {
      const { question: current } = await api.get(question.id);
      let version = current.version ?? question.version;
      if (current.administered) {
        const form = formFromQuestion(current);
        const saved = await api.save(
          current.id,
          toWritePayload({ ...form, fields: { ...form.fields, administered: false } }),
        );
        version = saved.question.version ?? version + 1;
      }
      return (current.status ?? 'ready') === 'draft' ? null : api.setStatus(current.id, 'draft', version);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: questionKeys.lists });
      void queryClient.invalidateQueries({ queryKey: questionKeys.statisticsLists });
    },
  });
  const reason = question.flags.find((f) => f.code === 'possibly_compromised')?.reason ?? '';
  return (
    <div className="qa-compromised">
      <p>{reason}</p>
      {retire.isSuccess || (question.status !== 'ready' && !question.administered) ? (
        <p role="status">Taken out of service (not administered, status draft).</p>
      ) : (
        <button
          type="button"
          className="sq-button"
          disabled={retire.isPending}
          onClick={() => retire.mutate()}
          aria-label={`Take question ${question.id} out of service (not administered, back to draft)`}
        >
          Take out of service
        </button>
      )}
      {retire.isError && <p role="alert">{retire.error.message}</p>}
    </div>
  );
}
