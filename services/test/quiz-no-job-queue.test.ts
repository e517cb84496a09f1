// The quiz router does not load the job queue: taking a quiz records its events (the quiz.ended
// intent on the quiz) and never imports the job system, which hears of them through the events
// service the composition root wires (composition.ts). So the quiz router's module graph, loaded
// in a fresh module registry, holds no agenda and none of src/ops/jobs.
import path from 'node:path';

const SRC = path.join(__dirname, '..', 'src');

/** The modules a fresh registry holds after loading `modulePath` (jest's require.cache lists them). */
function loadedBy(modulePath: string): string[] {
  let loaded: string[] = [];
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.isolateModules loads synchronously
    require(modulePath);
    loaded = Object.keys(require.cache);
  });
  return loaded.map((file) => file.split(path.sep).join('/'));
}

const isAgenda = (file: string) => /\/node_modules\/(agenda|@agendajs\/[^/]+|agendash)\//.test(file);
const isJobs = (file: string) => file.startsWith(`${SRC.split(path.sep).join('/')}/ops/jobs/`);

describe('loading the quiz router', () => {
  it('loads neither agenda nor the jobs modules', () => {
    const loaded = loadedBy(path.join(SRC, 'quiz', 'router'));
    expect(loaded.some((f) => f.endsWith('/src/quiz/router.ts'))).toBe(true);
    expect(loaded.filter(isAgenda)).toEqual([]);
    expect(loaded.filter(isJobs)).toEqual([]);
  });

  it('is a check that can fail: the job worker does load agenda', () => {
    const loaded = loadedBy(path.join(SRC, 'ops', 'jobs', 'worker'));
    expect(loaded.filter(isAgenda).length).toBeGreaterThan(0);
    expect(loaded.filter(isJobs).length).toBeGreaterThan(0);
  });
});
