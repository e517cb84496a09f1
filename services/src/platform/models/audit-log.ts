// Append-only record of every content change and every ship or rollback of a remote: who, when, what
// changed. Updates and deletes through the model are refused, so no code path can rewrite history by
// accident.
import { Schema, model, type Types } from 'mongoose';

export type AuditAction = 'create' | 'update' | 'delete' | 'ship' | 'rollback';
export type AuditEntity = 'atom' | 'question' | 'import' | 'remote' | 'role' | 'invitation' | 'company';

export interface AuditLogDoc {
  _id: Types.ObjectId;
  /** The admin's email (or 'system' for seeding and scripts). */
  actor: string;
  at: Date;
  action: AuditAction;
  entity: AuditEntity;
  /** The atom slug, the question id as a string, or the remote's name (mfe_quiz). */
  entity_id: string;
  /**
   * For updates: { field: { from, to } } of changed fields; for create/delete: the document; for ship
   * and rollback: { from, to } (a version, a manifest URL, or null for the package's current build).
   */
  changes: unknown;
  /** The entity's version after this change (absent on older entries). */
  version?: number;
  /** The editable fields after this change: what a revert to `version` restores. */
  snapshot?: Record<string, unknown>;
  /** What made the change: edit, status, revert, import, calibration, graduation, attach, detach, variation. */
  via?: string;
  /** Revert: { reverted_to }; import: { import_id }. */
  detail?: Record<string, unknown>;
}

const auditLogSchema = new Schema<AuditLogDoc>(
  {
    actor: { type: String, required: true },
    at: { type: Date, required: true, default: () => new Date(), immutable: true },
    action: { type: String, required: true, enum: ['create', 'update', 'delete', 'ship', 'rollback'] },
    entity: {
      type: String,
      required: true,
      enum: ['atom', 'question', 'import', 'remote', 'role', 'invitation', 'company'],
    },
    entity_id: { type: String, required: true },
    changes: { type: Schema.Types.Mixed, default: null },
    version: { type: Number },
    snapshot: { type: Schema.Types.Mixed },
    via: { type: String },
    detail: { type: Schema.Types.Mixed },
  },
  { collection: 'audit_logs', versionKey: false },
);

// History of one atom or question, newest first.
auditLogSchema.index({ entity: 1, entity_id: 1, at: -1 });

const REWRITES = [
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'deleteOne',
  'deleteMany',
] as const;
for (const op of REWRITES) {
  auditLogSchema.pre(op, function refuse() {
    throw new Error(`the audit log is append-only (${op} refused)`);
  });
}
auditLogSchema.pre('save', function refuseResave() {
  if (!this.isNew) throw new Error('the audit log is append-only (save of an existing entry refused)');
});

export const AuditLog = model<AuditLogDoc>('AuditLog', auditLogSchema);

/**
 * Appends several entries at once (an import's questions): one lean insert, no mongoose document per
 * entry (10,000 hydrated and validated entries took seconds). The entries are built by our own code
 * (content/bank/history-record.ts) with every required field, as the schema asks.
 */
export async function recordAudits(
  entries: Array<Omit<AuditLogDoc, '_id' | 'at'> & { at?: Date }>,
): Promise<void> {
  const at = new Date();
  // Batches of 1,000: one write of 10,000 would hold the event loop for its whole encode.
  for (let i = 0; i < entries.length; i += 1000)
    await AuditLog.insertMany(
      entries.slice(i, i + 1000).map((e) => ({ at, ...e })),
      { lean: true },
    );
}

/** Appends one entry. */
export async function recordAudit(entry: Omit<AuditLogDoc, '_id' | 'at'> & { at?: Date }): Promise<void> {
  await AuditLog.create(entry);
}

/** { field: { from, to } } for each field of `after` whose value differs from `before`. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
    }
  }
  return changes;
}
