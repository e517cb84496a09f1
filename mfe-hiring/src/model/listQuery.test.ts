import {
  apiFilters,
  changeListQuery,
  companySuffix,
  csvFileName,
  DEFAULT_LIST_QUERY,
  listSearchParams,
  pageCount,
  parseListQuery,
} from './listQuery';

it('reads the list state from the URL, defaults for anything missing or malformed', () => {
  expect(parseListQuery(new URLSearchParams(''))).toEqual(DEFAULT_LIST_QUERY);
  expect(
    parseListQuery(
      new URLSearchParams('page=3&q=ada&status=finished&atom=sql&sort=level_desc&company=initech'),
    ),
  ).toEqual({
    page: 3,
    q: 'ada',
    status: 'finished',
    atom: 'sql',
    role: '',
    sort: 'level_desc',
    company: 'initech',
    includeDemo: false,
    stage: '',
    needsALook: false,
  });
  expect(parseListQuery(new URLSearchParams('needs_a_look=true')).needsALook).toBe(true);
  expect(listSearchParams({ ...DEFAULT_LIST_QUERY, needsALook: true }).toString()).toBe('needs_a_look=true');
  expect(apiFilters({ ...DEFAULT_LIST_QUERY, needsALook: true }).needs_a_look).toBe(true);
  expect(parseListQuery(new URLSearchParams('include_demo=true')).includeDemo).toBe(true);
  expect(listSearchParams({ ...DEFAULT_LIST_QUERY, includeDemo: true }).toString()).toBe('include_demo=true');
  expect(parseListQuery(new URLSearchParams('page=0&status=hired&sort=random'))).toEqual(DEFAULT_LIST_QUERY);
  expect(parseListQuery(new URLSearchParams('page=-2')).page).toBe(1);
});

it('a role filter is a role id in the URL and in the API filters; anything else is no filter', () => {
  const id = '0123456789abcdef01234567';
  const q = parseListQuery(new URLSearchParams(`role=${id}&status=finished`));
  expect(q.role).toBe(id);
  expect(listSearchParams(q).toString()).toBe(`status=finished&role=${id}`);
  expect(apiFilters(q)).toEqual({ sort: 'date_desc', status: 'finished', role: id });
  expect(parseListQuery(new URLSearchParams('role=analyst')).role).toBe('');
  expect(apiFilters(DEFAULT_LIST_QUERY).role).toBeUndefined();
});

it('writes only what differs from the defaults, so the plain list is plain /hiring', () => {
  expect(listSearchParams(DEFAULT_LIST_QUERY).toString()).toBe('');
  const q = {
    ...DEFAULT_LIST_QUERY,
    page: 2,
    q: 'ada l',
    status: 'invited' as const,
    sort: 'date_asc' as const,
  };
  expect(listSearchParams(q).toString()).toBe('q=ada+l&status=invited&sort=date_asc&page=2');
  expect(parseListQuery(listSearchParams(q))).toEqual(q);
});

it('a change of filter or order goes back to page 1; a change of page keeps the filters', () => {
  const on3 = { ...DEFAULT_LIST_QUERY, page: 3, q: 'ada' };
  expect(changeListQuery(on3, { status: 'finished' })).toMatchObject({
    page: 1,
    q: 'ada',
    status: 'finished',
  });
  expect(changeListQuery(on3, { sort: 'level_asc' }).page).toBe(1);
  expect(changeListQuery(on3, { page: 4 })).toMatchObject({ page: 4, q: 'ada' });
});

it('the API filters leave out what is not set and trim the search', () => {
  expect(apiFilters(DEFAULT_LIST_QUERY)).toEqual({ sort: 'date_desc' });
  expect(
    apiFilters({
      ...DEFAULT_LIST_QUERY,
      q: '  ada ',
      atom: 'sql',
      status: 'expired',
      company: 'acme-robotics',
    }),
  ).toEqual({ sort: 'date_desc', q: 'ada', atom: 'sql', status: 'expired', company: 'acme-robotics' });
});

it('pages, the company suffix and the CSV file name', () => {
  expect(pageCount(0, 20)).toBe(1);
  expect(pageCount(41, 20)).toBe(3);
  expect(companySuffix('')).toBe('');
  expect(companySuffix('acme-robotics')).toBe('?company=acme-robotics');
  const day = new Date('2030-05-06T10:00:00Z');
  expect(csvFileName('initech', day)).toBe('candidates-initech-2030-05-06.csv');
  expect(csvFileName('', day)).toBe('candidates-all-companies-2030-05-06.csv');
});

it('carries the pipeline stage filter through the URL to the API, and drops one that is not a stage key', () => {
  const q = parseListQuery(new URLSearchParams('stage=interview'));
  expect(q.stage).toBe('interview');
  expect(listSearchParams(q).toString()).toBe('stage=interview');
  expect(apiFilters(q)).toMatchObject({ stage: 'interview' });
  // A company's own stage (settings) is any key; the server refuses one the company does not have.
  expect(parseListQuery(new URLSearchParams('stage=shortlisted')).stage).toBe('shortlisted');
  expect(parseListQuery(new URLSearchParams('stage=Not%20a%20stage')).stage).toBe('');
  expect(parseListQuery(new URLSearchParams(`stage=${'a'.repeat(41)}`)).stage).toBe('');
  expect(apiFilters(DEFAULT_LIST_QUERY)).not.toHaveProperty('stage');
});
