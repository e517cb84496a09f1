// Import and export, the pure rules of the page: what the export asks for (the list as
// currently filtered), how a preview reads (its summary, its rows in the order an editor must act
// on them), whether and what can be committed (nothing while any item or the file is invalid; a
// matched question is written only when its update was confirmed), and the result in words.
import type {
  ImportCommitResponse,
  ImportFormat,
  ImportPreviewItem,
  ImportPreviewResponse,
} from '@skillquiz/contracts';
import { listFilterParams, type ListQuery } from './listQuery';

export const EXPORT_FORMATS: { value: ImportFormat; label: string }[] = [
  { value: 'json', label: 'JSON' },
  { value: 'csv', label: 'CSV' },
  { value: 'qti', label: 'QTI 2.2 (zip)' },
];

/** GET /api/questions/export's query for the list as it is filtered now (every page of it). */
export function exportQueryString(query: ListQuery, format: ImportFormat): string {
  return new URLSearchParams([['format', format], ...listFilterParams(query)]).toString();
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * "12 items: 10 new, 1 update, 0 unchanged, 1 invalid; 2 warnings; 3 to fix before they can be
 * administered."
 */
export function previewSummary(preview: ImportPreviewResponse): string {
  const s = preview.summary;
  const warnings = s.warnings ? `; ${plural(s.warnings, 'warning')}` : '';
  const notReady = s.not_ready
    ? `; ${s.not_ready} to fix before ${s.not_ready === 1 ? 'it' : 'they'} can be administered`
    : '';
  return `${plural(s.items, 'item')}: ${s.create} new, ${plural(s.update, 'update')}, ${s.unchanged} unchanged, ${s.invalid} invalid${warnings}${notReady}.`;
}

/** What the commit would do with one item, in the editor's words. */
export function outcomeText(item: ImportPreviewItem): string {
  switch (item.outcome) {
    case 'refused':
      return 'Refused: nothing is imported until it is fixed';
    case 'draft':
      return item.not_ready.length ? 'Created as a draft, not ready to administer' : 'Created as a draft';
    case 'update':
      return item.not_ready.length
        ? 'Overwritten once confirmed, not ready to administer'
        : 'Overwritten once confirmed';
    default:
      return 'Left as it is';
  }
}

const ACTION_ORDER: Record<ImportPreviewItem['action'], number> = {
  invalid: 0,
  update: 1,
  create: 2,
  unchanged: 3,
};

/**
 * The rows to show, those to act on first (invalid, then updates to confirm, then new, then
 * unchanged; file order within each), at most `limit` of them, and how many were left out.
 */
export function previewRows(
  items: readonly ImportPreviewItem[],
  limit: number,
): { rows: ImportPreviewItem[]; hidden: number } {
  const sorted = [...items].sort(
    (a, b) => ACTION_ORDER[a.action] - ACTION_ORDER[b.action] || a.index - b.index,
  );
  return { rows: sorted.slice(0, limit), hidden: Math.max(0, sorted.length - limit) };
}

/** The uids of the items that would update an existing question (each must be confirmed). */
export function updateUids(preview: ImportPreviewResponse): string[] {
  return preview.items.filter((i) => i.action === 'update' && i.uid).map((i) => i.uid!);
}

/** Why nothing can be committed, in words; null when the commit may go ahead. */
export function commitBlocker(preview: ImportPreviewResponse, confirmed: ReadonlySet<string>): string | null {
  if (preview.file_errors.length) return 'The file cannot be read: fix it and preview it again.';
  if (!preview.can_commit || preview.summary.invalid > 0)
    return `Nothing can be imported while ${plural(preview.summary.invalid, 'item has', 'items have')} problems: fix the file and preview it again.`;
  const updates = updateUids(preview).filter((u) => confirmed.has(u)).length;
  if (preview.summary.create === 0 && updates === 0)
    return preview.summary.update > 0
      ? 'Nothing to import yet: confirm the updates you want.'
      : 'Nothing to import: every item is already in the bank as it is.';
  return null;
}

/** The commit's confirm_updates: 'all' when every listed update is confirmed, else the confirmed uids. */
export function confirmPayload(
  preview: ImportPreviewResponse,
  confirmed: ReadonlySet<string>,
): 'all' | string[] {
  const uids = updateUids(preview);
  const chosen = uids.filter((u) => confirmed.has(u));
  return uids.length > 0 && chosen.length === uids.length ? 'all' : chosen;
}

/** The commit button's words: what it will write. */
export function commitLabel(preview: ImportPreviewResponse, confirmed: ReadonlySet<string>): string {
  const updates = updateUids(preview).filter((u) => confirmed.has(u)).length;
  const parts = [`${preview.summary.create} new`];
  if (preview.summary.update) parts.push(`${updates} confirmed ${updates === 1 ? 'update' : 'updates'}`);
  return `Import ${parts.join(' and ')}`;
}

/** The result in words: "Created 3 questions (as drafts), updated 1, 2 unchanged, 1 skipped (not confirmed)." */
export function resultSummary(result: ImportCommitResponse): string {
  const parts = [
    `Created ${plural(result.created.length, 'question')} (as drafts)`,
    `updated ${result.updated.length}`,
    `${result.unchanged} unchanged`,
  ];
  if (result.skipped.length) parts.push(`${result.skipped.length} skipped (not confirmed)`);
  const atoms = result.atoms_created.length ? ` New atoms: ${result.atoms_created.join(', ')}.` : '';
  return `${parts.join(', ')}.${atoms}`;
}
