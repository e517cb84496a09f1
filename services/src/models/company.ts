// The hiring company shown on the candidate pages (logo, name) and the support address they cite.
import { Schema, model, type Types } from 'mongoose';
import { TIMESTAMPS, type Timestamps } from './common';

export interface CompanyDoc extends Timestamps {
  _id: Types.ObjectId;
  name: string;
  logo_url: string | null;
  support_email: string | null;
  /** Where result events are POSTed (issue 20, src/webhooks); null: no webhook. */
  webhook_url?: string | null;
  /** HMAC-SHA256 key of X-SkillQuiz-Signature; generated when a URL is first set. */
  webhook_secret?: string | null;
  /** Bumped by every settings change: a stale settings form gets 409. */
  webhook_version?: number;
}

const companySchema = new Schema<CompanyDoc>(
  {
    name: { type: String, required: true, trim: true },
    logo_url: { type: String, default: null },
    support_email: { type: String, default: null },
    webhook_url: { type: String, default: null },
    webhook_secret: { type: String, default: null },
    webhook_version: { type: Number, default: 0 },
  },
  { collection: 'companies', timestamps: TIMESTAMPS, versionKey: false },
);

// `npm run invite -- --company <name>` finds (or creates) the company by name; names are unique.
companySchema.index({ name: 1 }, { unique: true });

export const Company = model<CompanyDoc>('Company', companySchema);
