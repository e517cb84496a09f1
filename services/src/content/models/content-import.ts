// A previewed import waiting for its commit: the validated items and atoms (gzipped JSON,
// so 10,000 questions fit one document), what each item will do, and whether it was committed.
// Expired previews are deleted by the next preview (the embedded engine has no TTL monitor).
import { Schema, model } from 'mongoose';

export interface ContentImportDoc {
  _id: string;
  actor: string;
  created_at: Date;
  expires_at: Date;
  format: string;
  filename: string | null;
  committed_at: Date | null;
  can_commit: boolean;
  /** gzip of JSON { items: StagedItem[], atoms: InterchangeAtom[] } (content/io/preview.ts). */
  payload: Buffer;
}

const contentImportSchema = new Schema<ContentImportDoc>(
  {
    _id: { type: String, required: true },
    actor: { type: String, required: true },
    created_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
    format: { type: String, required: true },
    filename: { type: String, default: null },
    committed_at: { type: Date, default: null },
    can_commit: { type: Boolean, required: true },
    payload: { type: Buffer, required: true },
  },
  { collection: 'content_imports', versionKey: false },
);

// Deleting expired previews.
contentImportSchema.index({ expires_at: 1 });

export const ContentImport = model<ContentImportDoc>('ContentImport', contentImportSchema);
