import { quizResult } from '@skillquiz/contracts/testing';
import { parseQuizPage, redirectTarget } from './redirectRule';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const page = (sub: string, search = '') => parseQuizPage(sub, search);

describe('parseQuizPage', () => {
  it('reads every candidate page', () => {
    expect(page('')).toEqual({ kind: 'start' });
    expect(page('pass_243')).toEqual({ kind: 'skip' });
    expect(page('resume')).toEqual({ kind: 'resume' });
    expect(page('done/')).toEqual({ kind: 'done' });
    expect(page('question/3', '?from_resume=true')).toEqual({
      kind: 'question',
      number: 3,
      fromResume: true,
    });
    expect(page('question/3')).toEqual({ kind: 'question', number: 3, fromResume: false });
    expect(page('question/0').kind).toBe('other');
    expect(page('question/abc').kind).toBe('other');
  });
});

describe('redirectTarget (SPEC §2 redirect rules)', () => {
  it('sends a missing result to /404 from anywhere', () => {
    for (const sub of ['', 'question/1', 'resume', 'done'])
      expect(redirectTarget(null, page(sub), NOW)).toBe('/404');
  });

  describe('not started', () => {
    const r = quizResult();
    it('allows the start page, the skip route and question 1', () => {
      expect(redirectTarget(r, page(''), NOW)).toBeNull();
      expect(redirectTarget(r, page('pass_243'), NOW)).toBeNull();
      expect(redirectTarget(r, page('question/1'), NOW)).toBeNull();
    });
    it('sends any other page to the start page', () => {
      expect(redirectTarget(r, page('question/2'), NOW)).toBe('');
      expect(redirectTarget(r, page('done'), NOW)).toBe('');
      expect(redirectTarget(r, page('resume'), NOW)).toBe('');
    });
  });

  it('a quiz with nothing to serve yet: only the start page, which says so (never question 1)', () => {
    const r = quizResult({ unavailable: true });
    expect(redirectTarget(r, page(''), NOW)).toBeNull();
    for (const sub of ['question/1', 'pass_243', 'done', 'resume'])
      expect(redirectTarget(r, page(sub), NOW)).toBe('');
  });

  it('sends a finished quiz to done, and leaves done alone', () => {
    const r = quizResult({
      started_at: minutesAgo(30),
      finished_at: minutesAgo(1),
      next_question: { number: 4, expires_at: minutesAgo(-1) },
    });
    expect(redirectTarget(r, page('question/4'), NOW)).toBe('done');
    expect(redirectTarget(r, page(''), NOW)).toBe('done');
    expect(redirectTarget(r, page('done'), NOW)).toBeNull();
  });

  it('sends a started quiz with no next question to done', () => {
    const r = quizResult({ started_at: minutesAgo(30) });
    expect(redirectTarget(r, page('question/2'), NOW)).toBe('done');
    expect(redirectTarget(r, page('done'), NOW)).toBeNull();
  });

  describe('started with a next question', () => {
    const r = (expiresAt: string | null) =>
      quizResult({ started_at: minutesAgo(30), next_question: { number: 5, expires_at: expiresAt } });

    it('goes to that question page from elsewhere', () => {
      expect(redirectTarget(r(minutesAgo(-1)), page(''), NOW)).toBe('question/5');
      expect(redirectTarget(r(minutesAgo(-1)), page('question/4'), NOW)).toBe('question/5');
      expect(redirectTarget(r(minutesAgo(-1)), page('done'), NOW)).toBe('question/5');
      expect(redirectTarget(r(null), page('pass_243'), NOW)).toBe('question/5');
    });

    it('stays on that question, or on the resume page', () => {
      expect(redirectTarget(r(minutesAgo(-1)), page('question/5'), NOW)).toBeNull();
      expect(redirectTarget(r(minutesAgo(5)), page('question/5'), NOW)).toBeNull();
      expect(redirectTarget(r(minutesAgo(-1)), page('resume'), NOW)).toBeNull();
    });

    it('uses the resume page only when expires_at is more than 60 minutes past', () => {
      expect(redirectTarget(r(minutesAgo(60)), page('question/5'), NOW)).toBeNull();
      expect(redirectTarget(r(minutesAgo(61)), page('question/5'), NOW)).toBe('resume');
      expect(redirectTarget(r(minutesAgo(61)), page(''), NOW)).toBe('resume');
      expect(redirectTarget(r(minutesAgo(61)), page('resume'), NOW)).toBeNull();
    });

    it('lets the resume link through to the long-expired question', () => {
      expect(redirectTarget(r(minutesAgo(61)), page('question/5', '?from_resume=true'), NOW)).toBeNull();
      expect(redirectTarget(r(minutesAgo(61)), page('question/4', '?from_resume=true'), NOW)).toBe('resume');
    });
  });
});
