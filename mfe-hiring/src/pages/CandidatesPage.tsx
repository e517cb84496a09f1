// /hiring: the candidates list. One row per invitation; search, status, atom and stage filters, sort by
// date or level, paging, and (admins) the company, all in the URL query, so a reload, the back
// button or a shared link shows the same list. Filters replace the history entry; paging pushes one.
// 'Export CSV' downloads the filtered list (every page; one row per invitation and atom).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Pager } from '@skillquiz/admin-ui';
import { DEFAULT_PIPELINE_STAGES } from '@skillquiz/contracts';
import { CandidatesTable } from '../components/CandidatesTable';
import { CompanySwitcher } from '../components/CompanySwitcher';
import { downloadText } from '../hooks/browser';
import {
  apiFilters,
  changeListQuery,
  companySuffix,
  csvFileName,
  listSearchParams,
  pageCount,
  parseListQuery,
  SORT_LABELS,
  SORTS,
  STATUS_LABELS,
  STATUSES,
  type ListQuery,
} from '../model/listQuery';
import {
  useAtoms,
  useDebouncedValue,
  useExportCsv,
  useInvitationList,
  useMe,
  useTitle,
} from '../hooks/useHiring';
import { useRoles } from '../decide/useDecide';
import { useStages } from '../hooks/useAfterCreate';

/** Typing pauses this long before the search reaches the URL and the server. */
const SEARCH_DEBOUNCE_MS = 400;

export function CandidatesPage() {
  useTitle('Candidates');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(searchParams), [searchParams]);
  const me = useMe();
  const atoms = useAtoms();
  // The company's roles, to filter by one (an admin's only once a company is chosen).
  const roles = useRoles(
    query.company,
    Boolean(me.data) && (me.data?.role !== 'admin' || query.company !== ''),
  );
  const isAdmin = me.data?.role === 'admin';
  // The company's own stages for the filter and the Stage column; every company at once (an admin
  // who chose none) filters by the default set's keys.
  const oneCompany = Boolean(me.data) && (!isAdmin || query.company !== '');
  const stages = useStages(query.company, oneCompany);
  const stageList = (oneCompany && stages.data?.stages) || DEFAULT_PIPELINE_STAGES;
  const filters = useMemo(() => ({ ...apiFilters(query), page: query.page }), [query]);
  const list = useInvitationList(filters);
  const exportCsv = useExportCsv();
  const [exported, setExported] = useState('');

  // The router commits a navigation a moment after it is asked for. A change made in that moment
  // (the search box settling just after a filter was picked) must build on the pending query, or it
  // would put back the URL from before the filter and the filter would be lost.
  const pending = useRef<ListQuery | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [searchParams]);
  // Every filter is drawn from the URL: a change is applied at once (flushSync), so a select or the
  // checkbox never shows its old value after a choice while the router's update waits in a transition.
  const update = (change: Partial<ListQuery>) => {
    const next = changeListQuery(pending.current ?? query, change);
    pending.current = next;
    setSearchParams(listSearchParams(next), { replace: true, flushSync: true });
  };

  const data = list.data;
  const pages = data ? pageCount(data.total, data.page_size) : 1;
  const pageLink = (page: number) => `?${listSearchParams({ ...query, page }).toString()}`;
  const suffix = companySuffix(query.company);
  const current = !list.isPlaceholderData && !list.isFetching;

  let status: string;
  if (list.isError && !data) status = 'The candidates could not be loaded.';
  else if (!data || !me.data || list.isPlaceholderData) status = 'Loading candidates…';
  else
    status = `${data.total} ${data.total === 1 ? 'candidate' : 'candidates'}, page ${data.page} of ${pages}`;

  const slug = isAdmin ? query.company : (me.data?.company?.slug ?? '');
  const onExport = () => {
    setExported('');
    exportCsv.mutate(apiFilters(query), {
      onSuccess: (text) => {
        const name = csvFileName(slug, new Date());
        downloadText(name, text);
        setExported(`Exported ${name}.`);
      },
    });
  };

  return (
    <section className="hr-page" aria-labelledby="hr-candidates-heading">
      <header className="hr-header">
        <h1 id="hr-candidates-heading">Candidates</h1>
        <div className="hr-header__actions">
          <button
            type="button"
            className="sq-button"
            onClick={onExport}
            disabled={exportCsv.isPending}
            aria-describedby="hr-export-said"
          >
            {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
          </button>
          <Link to={`/hiring/survey${suffix}`} className="sq-button">
            Survey results
          </Link>
          <Link to={`/hiring/roles${suffix}`} className="sq-button">
            Roles
          </Link>
          <Link to={`/hiring/invite${suffix}`} className="sq-button sq-button--primary">
            Invite candidates
          </Link>
        </div>
      </header>
      <p id="hr-export-said" className="hr-said" role="status" aria-live="polite">
        {exported}
      </p>

      <div className="hr-filters" role="search" aria-label="Filter candidates">
        {isAdmin && me.data && (
          <CompanySwitcher
            companies={me.data.companies}
            value={query.company}
            onChange={(company) => update({ company })}
            allowAll
          />
        )}
        <SearchBox initial={query.q} onSearch={(q) => q !== query.q && update({ q })} />
        <Select
          label="Status"
          value={query.status}
          onChange={(status) => update({ status: status as ListQuery['status'] })}
          options={[
            { value: '', label: 'Any status' },
            ...STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          ]}
        />
        <Select
          label="Atom"
          value={query.atom}
          onChange={(atom) => update({ atom })}
          options={[
            { value: '', label: 'Any atom' },
            // An atom in the URL that the list does not (yet) hold still shows as chosen.
            ...(query.atom && !atoms.data?.atoms.some((a) => a.id === query.atom)
              ? [{ value: query.atom, label: query.atom }]
              : []),
            ...(atoms.data?.atoms ?? []).map((a) => ({ value: a.id, label: a.name })),
          ]}
        />
        {roles.data && roles.data.roles.length > 0 && (
          <Select
            label="Role"
            value={query.role}
            onChange={(role) => update({ role })}
            options={[
              { value: '', label: 'Any role' },
              ...roles.data.roles.map((r) => ({ value: r.id, label: r.name })),
            ]}
          />
        )}
        <Select
          label="Stage"
          value={query.stage}
          onChange={(stage) => update({ stage: stage as ListQuery['stage'] })}
          options={[
            { value: '', label: 'Any stage' },
            // A stage from the URL that is not (or no longer) in the list stays choosable as its key.
            ...(query.stage && !stageList.some((s) => s.key === query.stage)
              ? [{ value: query.stage, label: query.stage }]
              : []),
            ...stageList.map((s) => ({ value: s.key, label: s.label })),
          ]}
        />
        <Select
          label="Sort"
          value={query.sort}
          onChange={(sort) => update({ sort: sort as ListQuery['sort'] })}
          options={SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        />
        <label className="hr-field hr-field--check">
          <input
            type="checkbox"
            checked={query.includeDemo}
            onChange={(e) => update({ includeDemo: e.target.checked })}
          />{' '}
          Show demo and simulated
        </label>
        <label className="hr-field hr-field--check">
          <input
            type="checkbox"
            checked={query.needsALook}
            aria-describedby="hr-needs-a-look-hint"
            onChange={(e) => update({ needsALook: e.target.checked })}
          />{' '}
          Needs a look
          <span id="hr-needs-a-look-hint" className="hr-sub">
            {' '}
            (an answers-and-times signal raised: a reason to look, not proof)
          </span>
        </label>
      </div>

      <p className="hr-list-status" role="status" aria-live="polite">
        {status}
      </p>

      {/* Once who is looking is known: an admin's rows of every company come with their Company column. */}
      {data && me.data && (
        <div className={current ? 'hr-results' : 'hr-results hr-results--stale'} aria-busy={!current}>
          {data.items.length === 0 ? (
            <p className="hr-empty">
              No candidates match.{' '}
              {query.q || query.status || query.atom || query.role || query.stage || query.needsALook
                ? 'Try other filters, or '
                : ''}
              <Link to={`/hiring/invite${suffix}`}>invite a candidate</Link>.
            </p>
          ) : (
            <CandidatesTable
              stages={stageList}
              rows={data.items}
              showCompany={isAdmin && !query.company}
              companySuffix={suffix}
            />
          )}
        </div>
      )}

      {data && pages > 1 && (
        <Pager page={query.page} pages={pages} pageLink={pageLink} className="hr-pager" />
      )}
    </section>
  );
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="hr-field">
      <label htmlFor={id} className="hr-field__label">
        {label}
      </label>
      <select id={id} className="hr-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search box keeps what is typed; the URL (and a fetch) follows once typing pauses. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch(q: string): void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  // Another navigation (back, a link) that changes q starts the box again from the URL.
  const [from, setFrom] = useState(initial);
  if (initial !== from) {
    setFrom(initial);
    setText(initial);
  }
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    onSearch(settled);
    // onSearch changes with every render of the page; only a settled text is news.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <div className="hr-field">
      <label htmlFor={id} className="hr-field__label">
        Search
      </label>
      <input
        id={id}
        type="search"
        className="hr-input"
        value={text}
        placeholder="Name or email"
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
