// httpQuestionsApi against the real services: every call goes to the URL and method of SPEC §7 (what
// the services received), and a failure is SPEC §8's ApiError: the server's status and message, its
// default message when the body has none (msw, at the HTTP layer), 'Network error' with status 0.
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { encodeQuestionPayload } from '@skillquiz/contracts/questions';
import { ApiError } from '@skillquiz/http-client';
import { createAtom, createQuestion, RUN } from '@skillquiz/remote-kit/test-bank';
import { rejection, setupTestServices, testServicesInfo } from '@skillquiz/remote-kit/test-services';
import { httpQuestionsApi as api } from './questionsApi';

const services = setupTestServices();
beforeEach(() => services.as('admin'));
// The double-submit cookie a signed-in browser holds (the file calls echo it in their CSRF header).
document.cookie = `CSRF-TOKEN=${encodeURIComponent(testServicesInfo().sessions.admin['x-csrf-token'])}`;
jest.setTimeout(30_000);

const sent = services.sent;
const failure = (run: () => Promise<unknown>) =>
  rejection(run, ApiError).then(({ status, message }) => ({ status, message }));

it('builds the URL and method of every call', async () => {
  const atom = `urls-${RUN}`;
  await createAtom({ id: atom, name: 'URLs' });
  const q = await createQuestion(services, { text: `url check ${RUN}`, atoms: [atom] });
  const payload = encodeQuestionPayload({
    question_text: 'x',
    code_block: '',
    answers: [{ text: 'a', c: true }],
    all_atoms: [atom],
    administered: false,
  });
  const a = 'a b&c';
  const e = encodeURIComponent(a);
  expect(await sent(() => api.list('page=1&atom=x'))).toEqual(['GET /api/questions/?page=1&atom=x']);
  expect(await sent(() => api.get(q.id))).toEqual([`GET /api/questions/${q.id}`]);
  expect(await sent(() => api.save(null, payload))).toEqual(['POST /api/question/']);
  expect(await sent(() => api.save(q.id, payload))).toEqual([`POST /api/question/${q.id}`]);
  expect(await sent(() => api.atoms())).toEqual(['GET /api/atoms?include_beta=true']);
  expect(await sent(() => api.codeBlockOptions())).toEqual(['GET /api/questions/code-block-options']);
  expect(await sent(() => api.claimOptions())).toEqual(['GET /api/questions/claim-options']);
  expect(await sent(() => api.languageOptions())).toEqual(['GET /api/questions/language-options']);
  expect(await sent(() => api.analytics(q.id))).toEqual([`GET /api/questions/${q.id}/statistics`]);
  expect(await sent(() => api.listStatistics(a))).toEqual([`GET /api/questions/statistics?atom=${e}`]);
  expect(await sent(() => api.needsReview(a))).toEqual([`GET /api/questions/needs-review?atom=${e}`]);
  expect(await sent(() => api.applyCalibration(q.id, 1))).toEqual([
    `POST /api/questions/${q.id}/calibration/apply`,
  ]);
  expect(await sent(() => api.graduate(q.id, 1))).toEqual([`POST /api/questions/${q.id}/graduate`]);
  expect(await sent(() => api.setStatus(q.id, 'in_review', 1))).toEqual([
    `POST /api/questions/${q.id}/status`,
  ]);
  expect(await sent(() => api.history(q.id))).toEqual([`GET /api/questions/${q.id}/history`]);
  expect(await sent(() => api.revert(q.id, 1, 1))).toEqual([`POST /api/questions/${q.id}/revert`]);
  expect(await sent(() => api.twins(a))).toEqual([`GET /api/questions/twins?atom=${e}`]);
  const file = new NodeFile(['{}'], 'x.json') as unknown as Blob;
  expect(await sent(() => api.importPreview(file, 'my bank.json'))).toEqual([
    'POST /api/questions/import/preview?filename=my%20bank.json',
  ]);
  expect(await sent(() => api.importCommit('a/b', 'all'))).toEqual([
    'POST /api/questions/import/a%2Fb/commit',
  ]);
  expect(await sent(() => api.exportFile('format=json&atom=x'))).toEqual([
    'GET /api/questions/export?format=json&atom=x',
  ]);
});

it("maps the server's errors: status and message as the server says them", async () => {
  expect(await failure(() => api.get(999_999_999))).toEqual({
    status: 404,
    message: expect.stringMatching(/999999999/),
  });
  const atom = `errors-${RUN}`;
  await createAtom({ id: atom, name: 'Errors' });
  const q = await createQuestion(services, { text: `stale ${RUN}`, atoms: [atom] });
  await api.setStatus(q.id, 'in_review', q.version!);
  const stale = await failure(() => api.setStatus(q.id, 'draft', q.version!));
  expect(stale.status).toBe(409);
  expect(stale.message).toMatch(/changed by someone else/);
  const refused = await failure(() => api.setStatus(q.id, 'ready', q.version! + 1));
  expect(refused.status).toBe(400);
  expect(refused.message).toMatch(/cannot be moved to ready by its last editor/);
  // The file calls map errors the same way (they fetch directly).
  const commit = await failure(() => api.importCommit('no-such-import', 'all'));
  expect(commit.status).toBeGreaterThanOrEqual(400);
  expect(commit.message).not.toBe('');
  services.as(null);
  expect((await failure(() => api.atoms())).status).toBe(401);
  expect((await failure(() => api.exportFile('format=json'))).status).toBe(401);
});

it('a reply without a message gets the default one; a dropped connection is a network error', async () => {
  services.msw.use(
    http.get(services.url('/api/questions/1'), () => new HttpResponse(null, { status: 503 })),
    http.get(services.url('/api/questions/2'), () => new HttpResponse('', { status: 404 })),
    http.get(services.url('/api/questions/3'), () => HttpResponse.error()),
    http.get(services.url('/api/questions/export'), () => new HttpResponse(null, { status: 500 })),
  );
  expect(await failure(() => api.get(1))).toEqual({ status: 503, message: 'Internal server error' });
  expect(await failure(() => api.get(2))).toEqual({ status: 404, message: 'Not found' });
  expect(await failure(() => api.get(3))).toEqual({ status: 0, message: 'Network error' });
  expect(await failure(() => api.exportFile('format=json'))).toEqual({
    status: 500,
    message: 'Internal server error',
  });
});
