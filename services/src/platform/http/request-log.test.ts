import { Writable } from 'node:stream';
import { createRequestLogger, loggablePath } from './request-log';

describe('loggablePath', () => {
  it('replaces the segment after every quiz segment and drops the query string', () => {
    expect(loggablePath('/quiz/abcdef0123456789/question/2?from_resume=true')).toBe(
      '/quiz/[redacted]/question/2',
    );
    expect(loggablePath('/api/quiz/abcdef0123456789/')).toBe('/api/quiz/[redacted]/');
    expect(loggablePath('/remotes/mfe-quiz/main.js#x')).toBe('/remotes/mfe-quiz/main.js');
    expect(loggablePath('/quiz/')).toBe('/quiz/');
  });
});

describe('createRequestLogger', () => {
  it('redacts cookies, the CSRF header and session ids should a line ever carry them', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createRequestLogger('info', sink);
    logger.info({
      req: { headers: { cookie: 'koa.sess=s3cr3t', 'x-csrf-token': 'c5rf' } },
      res: { headers: { 'set-cookie': 'koa.sess=s3cr3t' } },
      sessionId: 's3cr3t',
      token: 'tok3n',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/s3cr3t|c5rf|tok3n/);
    expect(JSON.parse(lines[0]).req.headers.cookie).toBe('[redacted]');
  });
});
