// SPEC §2 questions list at /admin/questions: search, atom filter, 'Include non-administered',
// 'New Question', the table and paging. Its state is the URL query (page, q, atom,
// includeNonAdministered=true): a reload, the back button or a shared link shows the same list.
// Filters replace the current history entry (typing is not a trail of entries); paging pushes one.
// Beyond SPEC: 'Show statistics' (off by default, so SPEC's list is unchanged) adds the
// statistics columns, and with it 'Needs review' lists the atom's flagged questions with the reasons.
// A Status column and filter, and with an atom chosen, each question's likely twins;
// Import (its own page) and Export (the list as filtered now, as a download).
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { Pager } from '@skillquiz/admin-ui';
import type { AtomSummary, ItemStatistics, QuestionStatus, TwinsResponse } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { useAtomList, useQuestionList } from '../hooks/useQuestions';
import { useStatisticsList } from '../hooks/useAnalytics';
import { useTwins } from '../hooks/useReview';
import {
  changeListQuery,
  listSearchParams,
  pageCount,
  parseListQuery,
  type ListQuery,
} from '../model/listQuery';
import { QuestionsTable, STATUS_LABELS, type Twin } from '../components/QuestionsTable';
import { NeedsReviewTable } from '../components/NeedsReviewTable';
import { ExportControl } from '../components/ExportControl';

export function QuestionsListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(searchParams), [searchParams]);
  const list = useQuestionList(query);
  const atoms = useAtomList();
  const statistics = useStatisticsList(query.atom, query.statistics);
  // Twins are measured within one atom: only with an atom chosen.
  const twins = useTwins(query.atom === CONSTANTS.ALL_ATOMS_KEY ? null : query.atom);
  const twinsById = useMemo(() => twinMap(twins.data), [twins.data]);

  // The search box keeps what is being typed while its own edits replace the URL; any other
  // navigation (back, forward, a link) starts it again from the URL's q.
  const location = useLocation();
  const navigationType = useNavigationType();
  const [searchKey, setSearchKey] = useState(location.key);
  if (navigationType !== 'REPLACE' && location.key !== searchKey) setSearchKey(location.key);

  // The checkbox and the select show the user's change at once, then whatever the URL says: a
  // controlled control that waited for the router's update would flip back until it landed (a click
  // that seems to do nothing on a busy machine).
  const [shown, setShown] = useState(query);
  const [shownFor, setShownFor] = useState(query);
  if (shownFor !== query) {
    setShownFor(query);
    setShown(query);
  }
  const update = (change: Partial<ListQuery>) => {
    const next = changeListQuery(query, change);
    setShown(next);
    setSearchParams(listSearchParams(next), { replace: true });
  };

  const atomNames = useMemo(
    () => new Map((atoms.data?.atoms ?? []).map((a): [string, AtomSummary] => [a.id, a])),
    [atoms.data],
  );
  const data = list.data;
  const pages = data ? pageCount(data.total, data.page_size) : 1;
  const pageLink = (page: number) => `?${listSearchParams({ ...query, page }).toString()}`;

  let status: string;
  if (list.isError && !data) status = 'The questions could not be loaded.';
  else if (!data) status = 'Loading questions…';
  else if (!list.current) status = 'Loading questions…';
  else status = `${data.total} ${data.total === 1 ? 'question' : 'questions'}, page ${data.page} of ${pages}`;
  const stats = query.statistics ? statistics.data?.statistics : undefined;
  let statsStatus = '';
  if (query.statistics && statistics.isError)
    statsStatus = `The statistics could not be loaded: ${statistics.error.message}`;
  else if (query.statistics && !stats) statsStatus = 'Loading statistics…';
  let twinsStatus = '';
  if (twins.isError) twinsStatus = `The twins could not be checked: ${twins.error.message}`;
  else if (twins.data)
    twinsStatus = `${twins.data.pairs.length} likely ${twins.data.pairs.length === 1 ? 'twin pair' : 'twin pairs'} in this atom.`;

  return (
    <section className="qa-page" aria-labelledby="questions-heading">
      <header className="qa-header">
        <h1 id="questions-heading">Questions</h1>
        <div className="qa-header__actions">
          <Link to="import" className="sq-button">
            Import
          </Link>
          <Link to="edit/new/" className="sq-button sq-button--primary">
            New Question
          </Link>
        </div>
      </header>
      <ExportControl query={query} />

      <div className="qa-filters" role="search" aria-label="Filter questions">
        <SearchBox key={searchKey} initial={query.q} onChange={(q) => update({ q })} />
        <label className="qa-filter">
          <span className="qa-filter__label">Atom</span>
          <select className="qa-input" value={shown.atom} onChange={(e) => update({ atom: e.target.value })}>
            <option value={CONSTANTS.ALL_ATOMS_KEY}>All</option>
            {/* An atom in the URL that the list does not (yet) hold still shows as chosen. */}
            {query.atom !== CONSTANTS.ALL_ATOMS_KEY && !atomNames.has(query.atom) && (
              <option value={query.atom}>{query.atom}</option>
            )}
            {(atoms.data?.atoms ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.beta ? ' (Beta)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="qa-filter">
          <span className="qa-filter__label">Status</span>
          <select
            className="qa-input"
            value={shown.status}
            onChange={(e) => update({ status: e.target.value as QuestionStatus | '' })}
          >
            <option value="">Any</option>
            {(Object.keys(STATUS_LABELS) as QuestionStatus[]).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="qa-filter qa-filter--check">
          <input
            type="checkbox"
            checked={shown.includeNonAdministered}
            onChange={(e) => update({ includeNonAdministered: e.target.checked })}
          />
          <span>Include non-administered</span>
        </label>
        <label className="qa-filter qa-filter--check">
          <input
            type="checkbox"
            checked={query.statistics}
            onChange={(e) => update({ statistics: e.target.checked })}
          />
          <span>Show statistics</span>
        </label>
        {query.statistics && (
          <label className="qa-filter qa-filter--check">
            <input
              type="checkbox"
              checked={query.needsReview}
              onChange={(e) => update({ needsReview: e.target.checked })}
            />
            <span>Needs review</span>
          </label>
        )}
      </div>

      <p className="qa-list-status" role="status" aria-live="polite">
        {query.needsReview ? reviewStatus(stats) : status}
        {statsStatus && ` ${statsStatus}`}
      </p>
      {/* Apart from the list's status: the twins are measured on their own and may arrive later. */}
      {!query.needsReview && twinsStatus && (
        <p className="qa-sub" role="status" aria-live="polite">
          {twinsStatus}
        </p>
      )}

      {query.needsReview && stats && (
        <NeedsReviewTable statistics={stats} atom={query.atom} atomName={atomNames.get(query.atom)?.name} />
      )}

      {!query.needsReview && data && (
        <div
          className={list.current ? 'qa-results' : 'qa-results qa-results--stale'}
          aria-busy={!list.current}
        >
          {data.questions.length === 0 ? (
            <p className="qa-empty">No questions match.</p>
          ) : (
            <QuestionsTable
              questions={data.questions}
              atoms={atomNames}
              statistics={stats}
              twins={query.atom === CONSTANTS.ALL_ATOMS_KEY ? undefined : twinsById}
            />
          )}
        </div>
      )}

      {!query.needsReview && data && pages > 1 && (
        <Pager
          page={query.page}
          pages={pages}
          pageLink={pageLink}
          className="qa-pager"
          whereClassName="qa-pager__where"
        />
      )}
    </section>
  );
}

/** Each question's likely twins, both ways round, most similar first. */
function twinMap(data: TwinsResponse | undefined): Map<number, Twin[]> {
  const map = new Map<number, Twin[]>();
  const add = (id: number, twin: Twin) => map.set(id, [...(map.get(id) ?? []), twin]);
  for (const p of data?.pairs ?? []) {
    add(p.a.id, { id: p.b.id, similarity: p.similarity, linked: p.linked });
    add(p.b.id, { id: p.a.id, similarity: p.similarity, linked: p.linked });
  }
  for (const list of map.values()) list.sort((x, y) => y.similarity - x.similarity);
  return map;
}

function reviewStatus(stats: Record<string, ItemStatistics> | undefined): string {
  if (!stats) return '';
  const flagged = Object.values(stats).filter((s) => s.flags.length > 0).length;
  return `${flagged} ${flagged === 1 ? 'question needs' : 'questions need'} review`;
}

function SearchBox({ initial, onChange }: { initial: string; onChange(q: string): void }) {
  const [text, setText] = useState(initial);
  return (
    <label className="qa-filter">
      <span className="qa-filter__label">Search</span>
      <input
        type="search"
        className="qa-input"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value);
        }}
      />
    </label>
  );
}
