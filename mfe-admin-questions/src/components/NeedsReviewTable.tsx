// 'Needs review': every question of the chosen atom with a review flag, with an
// excerpt of its text as the candidate sees it (inline code as code), the reasons in words, and a link
// to its statistics tab. It covers the whole atom, not one page, so the search box and paging do not
// apply to it. The flags and excerpts come from GET /api/questions/needs-review; the numbers from the
// statistics the list already has. A question that looks compromised (easier and faster than its
// calibration over recent attempts) shows the evidence and, in one click, is taken out of service
// (administered off, so no quiz serves it, and back to draft) or refreshed (the same, plus a fresh
// draft variation of it to reword).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ItemStatistics, NeedsReviewItem, Question } from '@skillquiz/contracts';
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

/**
 * The drift evidence and two one-click answers to a leak: retire the question (out of service: not
 * administered, back to draft), or refresh it (the same, plus a fresh draft variation of it to reword:
 * a new question with the original's content and atoms, linked as its variation so no quiz serves the
 * two together, not administered, with the default parameters, so it is calibrated afresh as a beta
 * question before it scores anyone).
 */
function TakeOutOfService({ question }: { question: NeedsReviewItem }) {
  const api = useQuestionsApi();
  const queryClient = useQueryClient();
  const takeOut = async (current: Question) => {
    // Not administered (so no quiz serves it), then back to draft (a ready question must stay administered).
    let version = current.version ?? question.version;
    if (current.administered) {
      const form = formFromQuestion(current);
      const saved = await api.save(
        current.id,
        toWritePayload({ ...form, fields: { ...form.fields, administered: false } }),
      );
      version = saved.question.version ?? version + 1;
    }
    if ((current.status ?? 'ready') !== 'draft') await api.setStatus(current.id, 'draft', version);
  };
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: questionKeys.lists });
    void queryClient.invalidateQueries({ queryKey: questionKeys.statisticsLists });
  };
  const retire = useMutation({
    mutationFn: async () => takeOut((await api.get(question.id)).question),
    onSuccess: settled,
  });
  const refresh = useMutation({
    mutationFn: async () => {
      const { question: current } = await api.get(question.id);
      const form = formFromQuestion(current);
      // a new question: no id, version or answer ids of the original's
      const fresh = await api.save(
        null,
        toWritePayload({
          ...form,
          id: null,
          version: undefined,
          fields: {
            ...form.fields,
            administered: false,
            original_question_id: current.id,
            answers: form.fields.answers.map((a) => ({ ...a, hash_id: null })),
          },
        }),
      );
      await takeOut(current);
      return fresh.question.id;
    },
    onSuccess: settled,
  });
  const reason = question.flags.find((f) => f.code === 'possibly_compromised')?.reason ?? '';
  const busy = retire.isPending || refresh.isPending;
  const failed = retire.error ?? refresh.error;
  return (
    <div className="qa-compromised">
      <p>{reason}</p>
      {refresh.isSuccess ? (
        <p role="status">
          Taken out of service, and a fresh variation drafted:{' '}
          <Link to={`edit/${refresh.data}/?page=content`}>reword question {refresh.data}</Link>, then
          calibrate it as a beta question.
        </p>
      ) : retire.isSuccess || (question.status !== 'ready' && !question.administered) ? (
        <p role="status">Taken out of service (not administered, status draft).</p>
      ) : (
        <div className="qa-compromised__actions">
          <button
            type="button"
            className="sq-button"
            disabled={busy}
            onClick={() => retire.mutate()}
            aria-label={`Take question ${question.id} out of service (not administered, back to draft)`}
          >
            Take out of service
          </button>
          <button
            type="button"
            className="sq-button"
            disabled={busy}
            onClick={() => refresh.mutate()}
            aria-label={`Refresh question ${question.id}: take it out of service and draft a fresh variation of it`}
          >
            Refresh
          </button>
        </div>
      )}
      {failed && <p role="alert">{failed.message}</p>}
    </div>
  );
}
