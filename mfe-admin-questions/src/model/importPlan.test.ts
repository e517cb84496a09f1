import type { ImportPreviewItem, ImportPreviewResponse } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import {
  commitBlocker,
  commitLabel,
  confirmPayload,
  exportQueryString,
  previewRows,
  outcomeText,
  previewSummary,
  resultSummary,
} from './importPlan';
import { DEFAULT_LIST_QUERY } from './listQuery';

const item = (
  index: number,
  action: ImportPreviewItem['action'],
  uid: string | null = null,
): ImportPreviewItem => ({
  index,
  source: `questions[${index}]`,
  uid,
  label: `Question ${index}`,
  action,
  question_id: action === 'update' ? 100 + index : null,
  version: action === 'update' ? 3 : null,
  changes: action === 'update' ? ['question_text'] : [],
  errors: action === 'invalid' ? [{ path: 'answers', message: 'exactly one answer must be correct' }] : [],
  warnings: [],
  outcome: action === 'invalid' ? 'refused' : action === 'create' ? 'draft' : action,
  not_ready: [],
});

function preview(items: ImportPreviewItem[], fileErrors = 0): ImportPreviewResponse {
  const count = (a: string) => items.filter((i) => i.action === a).length;
  return {
    import_id: 'imp1',
    format: 'json',
    expires_at: '2026-11-26T06:00:00Z',
    file_errors: Array.from({ length: fileErrors }, () => ({ path: '', message: 'not JSON' })),
    summary: {
      items: items.length,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      invalid: count('invalid'),
      warnings: 0,
      not_ready: items.filter((i) => i.action !== 'invalid' && i.not_ready.length).length,
    },
    atoms: { create: [], existing: [] },
    items,
    can_commit: fileErrors === 0 && count('invalid') === 0,
  };
}

test('the export asks for the list as filtered now, every page', () => {
  expect(exportQueryString({ ...DEFAULT_LIST_QUERY, page: 3 }, 'csv')).toBe(
    `format=csv&search=&only_administered=true&atom=${CONSTANTS.ALL_ATOMS_KEY}`,
  );
  expect(
    exportQueryString(
      { ...DEFAULT_LIST_QUERY, atom: 'sql', q: ' join ', includeNonAdministered: true, status: 'draft' },
      'qti',
    ),
  ).toBe('format=qti&search=join&only_administered=false&atom=sql&status=draft');
});

test('rows put what needs acting on first, in file order within each kind, and say how many are hidden', () => {
  const items = [
    item(0, 'create'),
    item(1, 'unchanged'),
    item(2, 'invalid'),
    item(3, 'update', 'u3'),
    item(4, 'invalid'),
  ];
  expect(previewRows(items, 10).rows.map((r) => r.index)).toEqual([2, 4, 3, 0, 1]);
  expect(previewRows(items, 3)).toMatchObject({ hidden: 2 });
});

test('nothing can be committed while any item or the file is invalid', () => {
  const bad = preview([item(0, 'create'), item(1, 'invalid')]);
  expect(commitBlocker(bad, new Set())).toBe(
    'Nothing can be imported while 1 item has problems: fix the file and preview it again.',
  );
  expect(commitBlocker(preview([item(0, 'create')], 1), new Set())).toMatch(/cannot be read/);
  expect(commitBlocker(preview([item(0, 'create')]), new Set())).toBeNull();
  expect(previewSummary(bad)).toBe('2 items: 1 new, 0 updates, 0 unchanged, 1 invalid.');
});

test('updates are written only when confirmed: one by one, or all', () => {
  const p = preview([item(0, 'update', 'a'), item(1, 'update', 'b'), item(2, 'unchanged', 'c')]);
  expect(commitBlocker(p, new Set())).toBe('Nothing to import yet: confirm the updates you want.');
  expect(confirmPayload(p, new Set(['b']))).toEqual(['b']);
  expect(commitLabel(p, new Set(['b']))).toBe('Import 0 new and 1 confirmed update');
  expect(confirmPayload(p, new Set(['a', 'b']))).toBe('all');
  expect(commitBlocker(p, new Set(['a']))).toBeNull();
  expect(commitBlocker(preview([item(0, 'unchanged')]), new Set())).toMatch(/already in the bank/);
});

test('the result in words', () => {
  expect(
    resultSummary({
      import_id: 'imp1',
      created: [{ uid: 'x', id: 5 }],
      updated: [],
      unchanged: 2,
      skipped: ['b'],
      atoms_created: ['graphs'],
    }),
  ).toBe(
    'Created 1 question (as drafts), updated 0, 2 unchanged, 1 skipped (not confirmed). New atoms: graphs.',
  );
});

test('each item says what the commit would do with it, and the summary counts what is not ready', () => {
  const noKey: ImportPreviewItem = {
    ...item(0, 'create'),
    not_ready: [{ path: 'answers', code: 'no_correct_answer', message: 'no answer is marked correct' }],
  };
  expect(outcomeText(noKey)).toBe('Created as a draft, not ready to administer');
  expect(outcomeText(item(1, 'create'))).toBe('Created as a draft');
  expect(outcomeText(item(2, 'invalid'))).toBe('Refused: nothing is imported until it is fixed');
  expect(outcomeText(item(3, 'unchanged'))).toBe('Left as it is');
  expect(previewSummary(preview([noKey, item(1, 'create')]))).toBe(
    '2 items: 2 new, 0 updates, 0 unchanged, 0 invalid; 1 to fix before it can be administered.',
  );
});
