// The questions list's table (SPEC §2): ID (link to edit), Administered (check or cross, with
// words for screen readers), Question (text and code as the candidate sees them), Correct Answer
// (or 'None'), Atoms (a bullet list of names); with 'Show statistics' on, the statistics columns.
// The review status (Draft, In review, Ready) and, with an atom chosen, its likely twins.
import { Link } from 'react-router-dom';
import type { AtomSummary, ItemStatistics, Question, QuestionStatus } from '@skillquiz/contracts';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import { RichText } from '@skillquiz/question-view';
import { QuestionBody } from './QuestionBody';
import { statisticsColumns } from './statisticsColumns';

export function QuestionsTable({
  questions,
  atoms,
  statistics,
  twins,
}: {
  questions: Question[];
  atoms: ReadonlyMap<string, AtomSummary>;
  /** Likely near-duplicates by question id (only when an atom is chosen). */
  twins?: ReadonlyMap<number, readonly Twin[]>;
  /** With 'Show statistics' on: item statistics by question id, as extra columns. */
  statistics?: Readonly<Record<string, ItemStatistics>>;
}) {
  const columns: Column<Question>[] = [
    {
      key: 'id',
      header: 'ID',
      className: 'qa-col-id',
      cell: (q) => (
        <Link to={`edit/${q.id}/`} aria-label={`Edit question ${q.id}`}>
          {q.id}
        </Link>
      ),
    },
    {
      key: 'administered',
      header: 'Administered',
      className: 'qa-col-administered',
      cell: (q) =>
        q.administered ? (
          <span className="qa-mark qa-mark--yes">
            <span aria-hidden="true">✓</span>
            <span className="sq-sr-only">Administered</span>
          </span>
        ) : (
          <span className="qa-mark qa-mark--no">
            <span aria-hidden="true">✗</span>
            <span className="sq-sr-only">Not administered</span>
          </span>
        ),
    },
    {
      key: 'status',
      header: 'Status',
      className: 'qa-col-status',
      cell: (q) => <StatusBadge status={q.status} />,
    },
    {
      key: 'question',
      header: 'Question',
      className: 'qa-col-question',
      cell: (q) => <QuestionBody text={q.question_text} code={q.code_block} language={q.code_language} />,
    },
    {
      key: 'correct',
      header: 'Correct Answer',
      className: 'qa-col-correct',
      cell: (q) => {
        const correct = q.answers.find((a) => a.c);
        return correct ? <RichText text={correct.text} /> : <span className="qa-sub">None</span>;
      },
    },
    {
      key: 'atoms',
      header: 'Atoms',
      className: 'qa-col-atoms',
      cell: (q) =>
        q.all_atoms.length === 0 ? (
          <span className="qa-sub">None</span>
        ) : (
          <ul className="qa-atom-list">
            {q.all_atoms.map((slug) => (
              <li key={slug}>{atoms.get(slug)?.name ?? slug}</li>
            ))}
          </ul>
        ),
    },
  ];
  if (twins)
    columns.push({
      key: 'twins',
      header: 'Twins',
      className: 'qa-col-twins',
      cell: (q) => {
        const mine = twins.get(q.id) ?? [];
        if (mine.length === 0) return <span className="qa-sub">None</span>;
        return (
          <ul className="qa-twin-list">
            {mine.map((t) => (
              <li key={t.id}>
                <Link to={`edit/${t.id}/?page=variation`} aria-label={`Likely twin: question ${t.id}`}>
                  {t.id}
                </Link>{' '}
                <span className="qa-sub">
                  {Math.round(t.similarity * 100)}%{t.linked ? ', linked' : ''}
                </span>
              </li>
            ))}
          </ul>
        );
      },
    });
  if (statistics) columns.push(...statisticsColumns<Question>((q) => statistics[String(q.id)]));
  return <DataTable caption="Questions" columns={columns} rows={questions} rowKey={(q) => q.id} />;
}

export interface Twin {
  id: number;
  similarity: number;
  /** Already in one variation family. */
  linked: boolean;
}

export const STATUS_LABELS: Record<QuestionStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  ready: 'Ready',
};

/** A question without a status predates review: the services treat it as ready. */
export function StatusBadge({ status }: { status: QuestionStatus | undefined }) {
  const s = status ?? 'ready';
  return <span className={`sq-badge qa-status-badge qa-status-badge--${s}`}>{STATUS_LABELS[s]}</span>;
}
