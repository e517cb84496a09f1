import {
  apiQueryString,
  changeListQuery,
  DEFAULT_LIST_QUERY,
  isCacheable,
  listKey,
  listSearchParams,
  pageCount,
  parseListQuery,
} from './listQuery';

const parse = (qs: string) => parseListQuery(new URLSearchParams(qs));

describe('URL query', () => {
  it('reads page, q, atom and includeNonAdministered=true', () => {
    expect(parse('page=3&q=closure&atom=javascript&includeNonAdministered=true')).toEqual({
      page: 3,
      q: 'closure',
      atom: 'javascript',
      includeNonAdministered: true,
      status: '',
      statistics: false,
      needsReview: false,
    });
  });

  it('status: a known review status or nothing; it reaches the API query and is never cached', () => {
    expect(parse('status=in_review').status).toBe('in_review');
    expect(parse('status=published').status).toBe('');
    const query = { ...DEFAULT_LIST_QUERY, status: 'draft' as const };
    expect(listSearchParams(query).toString()).toBe('status=draft');
    expect(new URLSearchParams(apiQueryString(query)).get('status')).toBe('draft');
    expect(new URLSearchParams(apiQueryString(DEFAULT_LIST_QUERY)).has('status')).toBe(false);
    expect(isCacheable(query)).toBe(false);
    expect(listKey(query)).not.toEqual(listKey(DEFAULT_LIST_QUERY));
  });

  it('choosing draft or in review includes the non-administered questions and starts at page 1', () => {
    const onPage3 = { ...DEFAULT_LIST_QUERY, page: 3 };
    expect(changeListQuery(onPage3, { status: 'in_review' })).toMatchObject({
      status: 'in_review',
      includeNonAdministered: true,
      page: 1,
    });
    expect(changeListQuery(onPage3, { status: 'ready' }).includeNonAdministered).toBe(false);
  });

  it('falls back to the defaults for missing or malformed values', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_QUERY);
    expect(parse('page=0&atom=&includeNonAdministered=yes')).toEqual(DEFAULT_LIST_QUERY);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(listSearchParams(DEFAULT_LIST_QUERY).toString()).toBe('');
    const query = { ...DEFAULT_LIST_QUERY, page: 2, q: 'a b&c', atom: 'sql', includeNonAdministered: true };
    const qs = listSearchParams(query).toString();
    expect(qs).toBe('page=2&q=a+b%26c&atom=sql&includeNonAdministered=true');
    expect(parse(qs)).toEqual(query);
  });

  it('statistics and needsReview are off by default; needsReview only with statistics', () => {
    expect(parse('needsReview=true')).toEqual(DEFAULT_LIST_QUERY);
    const both = parse('statistics=true&needsReview=true');
    expect(both).toEqual({ ...DEFAULT_LIST_QUERY, statistics: true, needsReview: true });
    expect(listSearchParams(both).toString()).toBe('statistics=true&needsReview=true');
    expect(listSearchParams({ ...DEFAULT_LIST_QUERY, needsReview: true }).toString()).toBe('');
  });
});

describe('changes', () => {
  const onPage3 = { ...DEFAULT_LIST_QUERY, page: 3, atom: 'sql' };
  it('a new search, atom or toggle starts at page 1', () => {
    expect(changeListQuery(onPage3, { q: 'x' }).page).toBe(1);
    expect(changeListQuery(onPage3, { atom: 'all' }).page).toBe(1);
    expect(changeListQuery(onPage3, { includeNonAdministered: true }).page).toBe(1);
  });
  it('paging keeps the filters; an unchanged filter keeps the page', () => {
    expect(changeListQuery(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
    expect(changeListQuery(onPage3, { atom: 'sql' }).page).toBe(3);
  });
  it('showing statistics keeps the page; hiding them ends the review filter', () => {
    expect(changeListQuery(onPage3, { statistics: true })).toEqual({ ...onPage3, statistics: true });
    const reviewing = { ...onPage3, statistics: true, needsReview: true };
    expect(changeListQuery(reviewing, { statistics: false })).toEqual(onPage3);
  });
});

describe('API query (SPEC §7)', () => {
  it('only_administered is the inverse of the checkbox; search is trimmed', () => {
    expect(apiQueryString(DEFAULT_LIST_QUERY)).toBe('page=1&search=&only_administered=true&atom=all');
    expect(apiQueryString({ ...DEFAULT_LIST_QUERY, statistics: true, needsReview: true })).toBe(
      'page=1&search=&only_administered=true&atom=all',
    );
    expect(
      apiQueryString({
        ...DEFAULT_LIST_QUERY,
        page: 2,
        q: ' closure ',
        atom: 'js',
        includeNonAdministered: true,
      }),
    ).toBe('page=2&search=closure&only_administered=false&atom=js');
  });
});

describe('cache rule (SPEC §4)', () => {
  it('caches per atom and page, not while a search or the non-administered toggle is active', () => {
    expect(isCacheable({ ...DEFAULT_LIST_QUERY, atom: 'sql', page: 5 })).toBe(true);
    expect(isCacheable({ ...DEFAULT_LIST_QUERY, q: 'x' })).toBe(false);
    expect(isCacheable({ ...DEFAULT_LIST_QUERY, q: '   ' })).toBe(true);
    expect(isCacheable({ ...DEFAULT_LIST_QUERY, includeNonAdministered: true })).toBe(false);
  });
  it('keys differ by every filter and share one root', () => {
    const a = listKey({ ...DEFAULT_LIST_QUERY, page: 2 });
    const b = listKey({ ...DEFAULT_LIST_QUERY, page: 2, atom: 'sql' });
    expect(a[0]).toBe('questions');
    expect(a).not.toEqual(b);
    expect(listKey({ ...DEFAULT_LIST_QUERY, q: ' x ' })).toEqual(listKey({ ...DEFAULT_LIST_QUERY, q: 'x' }));
  });
  it('page count is at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});
