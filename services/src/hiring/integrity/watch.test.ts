// Which atoms the minutely pass looks at for stale integrity counts: pure bookkeeping over versions.
import { IntegrityWatch } from './at-quiz-end';

const versions = (entries: Record<string, string>) => new Map(Object.entries(entries));

it('looks at every atom at the first two passes, then at none while no version moves', () => {
  const watch = new IntegrityWatch();
  expect(watch.due(versions({ sql: '10', js: '0' }))).toEqual(['sql', 'js']);
  // the versions might have moved just before the first pass, which stored counts may not show yet
  expect(watch.due(versions({ sql: '10', js: '0' }))).toEqual(['sql', 'js']);
  expect(watch.due(versions({ sql: '10', js: '0' }))).toEqual([]);
  expect(watch.due(versions({ sql: '10', js: '0' }))).toEqual([]);
});

it('looks at an atom whose version moved in that pass and in the next, then no more', () => {
  const watch = new IntegrityWatch();
  watch.due(versions({ sql: '10', js: '0' }));
  watch.due(versions({ sql: '10', js: '0' }));
  expect(watch.due(versions({ sql: '20', js: '0' }))).toEqual(['sql']);
  // a count computed at 10 while that pass read 20 is stored after it: this pass finds it
  expect(watch.due(versions({ sql: '20', js: '0' }))).toEqual(['sql']);
  expect(watch.due(versions({ sql: '20', js: '0' }))).toEqual([]);
});

it('looks at a new atom, and again at atoms whose pass failed', () => {
  const watch = new IntegrityWatch();
  watch.due(versions({ sql: '10' }));
  watch.due(versions({ sql: '10' }));
  expect(watch.due(versions({ sql: '10', go: '0' }))).toEqual(['go']);
  watch.due(versions({ sql: '10', go: '0' }));
  watch.retry(['sql']);
  expect(watch.due(versions({ sql: '10', go: '0' }))).toEqual(['sql']);
  expect(watch.due(versions({ sql: '10', go: '0' }))).toEqual(['sql']);
  expect(watch.due(versions({ sql: '10', go: '0' }))).toEqual([]);
});
