// The questions list's table (SPEC §2): ID (link to edit), Administered (check or cross, with
// words for screen readers), Question (text and code as the candidate sees them), Correct Answer
// (or 'None'), Atoms (a bullet list of names); with 'Show statistics' on, the statistics columns.
import { Link } from 'react-router-dom';
import type { AtomSummary, ItemStatistics, Question } from '@skillquiz/contracts';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import { RichText } from '@skillquiz/question-view';
import { QuestionBody } from './QuestionBody';
import { statisticsColumns } from './statisticsColumns';

export function QuestionsTable({
  questions,
  atoms,
  statistics,
}: {
  questions: Question[];
  atoms: ReadonlyMap<string, AtomSummary>;
  /** With 'Show statistics' on (issue 14): item statistics by question id, as extra columns. */
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
  if (statistics) columns.push(...statisticsColumns<Question>((q) => statistics[String(q.id)]));
  return <DataTable caption="Questions" columns={columns} rows={questions} rowKey={(q) => q.id} />;
}
