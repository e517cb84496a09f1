// The content audit trail: every create, update and delete of an atom or a question appends one
// AuditLog entry (who, when, what, which, and the changed fields before/after). The model refuses
// updates and deletes of entries, so the trail is append-only.
//
// The entry is written right after the change it records. The embedded engine has no
// transactions, so if the audit write itself failed the change would stand without its entry; the
// error still reaches the admin as a 500 so it is noticed and logged.
import { diffFields, recordAudit, type AuditEntity } from '../models/audit-log';

type Fields = Record<string, unknown>;

export async function auditCreated(
  actor: string,
  entity: AuditEntity,
  id: string | number,
  created: Fields,
): Promise<void> {
  await recordAudit({ actor, action: 'create', entity, entity_id: String(id), changes: created });
}

/** Records the fields that differ between `before` and `after`; nothing when nothing changed. */
export async function auditUpdated(
  actor: string,
  entity: AuditEntity,
  id: string | number,
  before: Fields,
  after: Fields,
): Promise<boolean> {
  const changes = diffFields(before, after);
  if (Object.keys(changes).length === 0) return false;
  await recordAudit({ actor, action: 'update', entity, entity_id: String(id), changes });
  return true;
}

export async function auditDeleted(
  actor: string,
  entity: AuditEntity,
  id: string | number,
  deleted: Fields,
): Promise<void> {
  await recordAudit({ actor, action: 'delete', entity, entity_id: String(id), changes: deleted });
}
