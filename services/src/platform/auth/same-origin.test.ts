import { isCrossSite } from './same-origin';

const own = ['https://quiz.example'];

describe('isCrossSite', () => {
  it.each([
    ['Sec-Fetch-Site same-origin', { secFetchSite: 'same-origin', referer: 'https://evil.example/' }, false],
    ['Sec-Fetch-Site none (typed URL, bookmark)', { secFetchSite: 'none' }, false],
    ['Sec-Fetch-Site cross-site', { secFetchSite: 'cross-site' }, true],
    [
      'Sec-Fetch-Site same-site (a sibling subdomain)',
      { secFetchSite: 'same-site', origin: 'https://quiz.example' },
      true,
    ],
    ['our Origin', { origin: 'https://quiz.example' }, false],
    ['another Origin', { origin: 'https://evil.example' }, true],
    ['Origin null', { origin: 'null' }, true],
    ['our Referer', { referer: 'https://quiz.example/admin/atoms' }, false],
    ['another Referer', { referer: 'https://evil.example/page' }, true],
    ['a Referer on another port of our host', { referer: 'https://quiz.example:8443/' }, true],
    ['an unparsable Referer', { referer: 'not a url' }, true],
    ['no headers at all (old browser, stripped Referer)', {}, false],
  ])('%s', (_name, headers, expected) => {
    expect(isCrossSite(headers, own)).toBe(expected);
  });
});
