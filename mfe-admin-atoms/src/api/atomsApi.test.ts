// httpAtomsApi against the real services: every call goes to the URL and method of SPEC §7 (what the
// services received), and a failure is SPEC §8's ApiError: the server's status and message, its
// default message when the body has none (msw, at the HTTP layer), 'Network error' with status 0.
import { http, HttpResponse } from 'msw';
import { ApiError } from '@skillquiz/http-client';
import { rejection, setupTestServices } from '@skillquiz/remote-kit/test-services';
import { createAtom, createQuestion, RUN } from '@skillquiz/remote-kit/test-bank';
import { httpAtomsApi as api } from './atomsApi';

const services = setupTestServices();
beforeEach(() => services.as('admin'));
jest.setTimeout(30_000);

const sent = services.sent;
const failure = (run: () => Promise<unknown>) =>
  rejection(run, ApiError).then(({ status, message }) => ({ status, message }));

it('builds the URL and method of every call', async () => {
  const id = `url-${RUN}`;
  const atom = await createAtom({ id, name: 'URLs' });
  const q = await createQuestion(services, { text: `url check ${RUN}`, atoms: [id] });
  const payload = { ...atom, name: 'URLs 2' };
  expect(await sent(() => api.list())).toEqual(['GET /api/atoms?include_beta=true']);
  expect(await sent(() => api.get(id))).toEqual([`GET /api/atoms/${id}`]);
  expect(await sent(() => api.get(id, undefined, 2))).toEqual([`GET /api/atoms/${id}?questions_page=2`]);
  expect(await sent(() => api.update(id, payload, atom.version))).toEqual([`PUT /api/atoms/${id}/`]);
  expect(await sent(() => api.question(q.id))).toEqual([`GET /api/questions/${q.id}`]);
  expect(await sent(() => api.betaCandidates('a b&c', id))).toEqual([
    `GET /api/questions/beta-candidates?search=a+b%26c&atom=${id}`,
  ]);
  expect(await sent(() => api.searchQuestions('x&y'))).toEqual([
    'GET /api/questions/?page=1&search=x%26y&only_administered=false&atom=all',
  ]);
  expect(await sent(() => api.history(id))).toEqual([`GET /api/atoms/${id}/history`]);
  expect(await sent(() => api.simulate(id, { num_simulations: 1 } as never))).toEqual([
    `POST /api/atoms/${id}/simulate`,
  ]);
  expect(await sent(() => api.detach(id, q.id, q.version!))).toEqual([
    `POST /api/atoms/${id}/questions/detach`,
  ]);
  expect(await sent(() => api.attach(id, q.id, q.version! + 1))).toEqual([
    `POST /api/atoms/${id}/questions/attach`,
  ]);
  expect(await sent(() => api.revert(id, 1, 2))).toEqual([`POST /api/atoms/${id}/revert`]);
  expect(await sent(() => api.create({ ...atom, id: `${id}-new` }))).toEqual(['POST /api/atoms']);
  expect(await sent(() => api.remove(`${id}-new`))).toEqual([`POST /api/atoms/delete/${id}-new`]);
  // An id with characters of a URL is one path segment.
  expect(await sent(() => api.get('a/b?c'))).toEqual(['GET /api/atoms/a%2Fb%3Fc']);
});

it("maps the server's errors: status and message as the server says them", async () => {
  expect(await failure(() => api.get(`missing-${RUN}`))).toEqual({
    status: 404,
    message: `No atom with id 'missing-${RUN}'`,
  });
  const atom = await createAtom({ id: `stale-${RUN}`, name: 'Stale' });
  await api.update(atom.id, { ...atom, name: 'Theirs' }, atom.version);
  const stale = await failure(() => api.update(atom.id, atom, atom.version));
  expect(stale.status).toBe(409);
  expect(stale.message).toMatch(/was changed by someone else/);
  const bad = await failure(() => api.create({ ...atom, id: 'Not A Slug!' }));
  expect(bad.status).toBe(400);
  expect(bad.message).toMatch(/id/);
  services.as(null);
  expect((await failure(() => api.list())).status).toBe(401);
});

it('a reply without a message gets the default one; a dropped connection is a network error', async () => {
  services.msw.use(
    http.get(services.url('/api/atoms'), () => new HttpResponse(null, { status: 502 })),
    http.get(services.url('/api/atoms/gone'), () => new HttpResponse('', { status: 404 })),
    http.get(services.url('/api/atoms/offline'), () => HttpResponse.error()),
  );
  expect(await failure(() => api.list())).toEqual({ status: 502, message: 'Internal server error' });
  expect(await failure(() => api.get('gone'))).toEqual({ status: 404, message: 'Not found' });
  expect(await failure(() => api.get('offline'))).toEqual({ status: 0, message: 'Network error' });
});
