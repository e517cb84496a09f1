// History and revert of questions and atoms. Every saved change is kept as an audit
// entry with the version it produced and a snapshot of the editable fields, so the history shows
// who changed what when, and any recorded version can be restored (as a new version).
import { z } from 'zod';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface HistoryEntry {
  /** The version this change produced (null for entries recorded before versions were kept). */
  version: number | null;
  at: string;
  actor: string;
  action: 'create' | 'update' | 'delete';
  /** What made the change: edit, status, revert, import, calibration, graduation, attach, detach, variation, atom-delete. */
  via: string;
  /** Revert: the version restored. Import: the import id. */
  detail: Record<string, unknown> | null;
  changes: FieldChange[];
  /** A snapshot is kept for this version, so it can be restored. */
  restorable: boolean;
}

/** GET /api/questions/:id/history and GET /api/atoms/:id/history (newest first). */
export interface HistoryResponse {
  entity: 'question' | 'atom';
  id: string;
  current_version: number;
  entries: HistoryEntry[];
}

/** GET /api/questions/:id/versions/:version and /api/atoms/:id/versions/:version */
export interface VersionResponse {
  entity: 'question' | 'atom';
  id: string;
  version: number;
  at: string;
  actor: string;
  snapshot: Record<string, unknown>;
}

/** POST /api/questions/:id/revert and POST /api/atoms/:id/revert */
export const RevertRequestSchema = z.strictObject({
  /** The version restored. */
  to_version: z.number().int().positive(),
  /** The version the admin is looking at (concurrency: a stale one gets 409). */
  version: z.number().int().positive(),
});
export type RevertRequest = z.infer<typeof RevertRequestSchema>;

/** Reverting restores what still makes sense: references that no longer exist are left out and named here. */
export interface RevertNotes {
  left_out: string[];
}
