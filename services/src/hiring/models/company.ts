// A hiring company: shown on the candidate pages (logo, name, support address), and the tenant of
// the hiring pages: its recruiters see its invitations and no other company's.
import { Schema, model, type Types } from 'mongoose';
import { SLUG_RE } from '@skillquiz/contracts';
import { TIMESTAMPS, type Timestamps } from '../../platform';

export interface CompanyDoc extends Timestamps {
  _id: Types.ObjectId;
  name: string;
  /**
   * URL-safe, unique, immutable: what the sign-on's claims name (`company:<slug>` groups, the
   * email-domain map; see platform/auth/roles.ts). Companies stored before slugs existed get one at start
   * (hiring/invitations/companies.ts backfillCompanySlugs).
   */
  slug: string;
  logo_url: string | null;
  support_email: string | null;
  /**
   * Whom a candidate of a withdrawn invitation should write to (the hiring settings page); null:
   * the support address, else the service's SUPPORT_EMAIL.
   */
  contact_email?: string | null;
  /** Where result events are POSTed (src/hiring/webhooks); null: no webhook. */
  webhook_url?: string | null;
  /** HMAC-SHA256 key of X-SkillQuiz-Signature; generated when a URL is first set. */
  webhook_secret?: string | null;
  /** Bumped by every settings change: a stale settings form gets 409. */
  webhook_version?: number;
  /** Opted in to `invitation.stage_changed` webhook events (pipeline stage changes). */
  webhook_stage_events?: boolean;
  /**
   * The company's pipeline stages in order (hiring/stages.ts); absent: the default set
   * (contracts DEFAULT_PIPELINE_STAGES). Keys never change; labels and order do.
   */
  pipeline_stages?: { key: string; label: string }[] | null;
  /** Bumped by every write of pipeline_stages, each conditional on it: a stale list gets 409. */
  pipeline_stages_version?: number;
}

const companySchema = new Schema<CompanyDoc>(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, match: SLUG_RE, maxlength: 64, immutable: true },
    logo_url: { type: String, default: null },
    support_email: { type: String, default: null },
    contact_email: { type: String, default: null },
    webhook_url: { type: String, default: null },
    webhook_secret: { type: String, default: null },
    webhook_version: { type: Number, default: 0 },
    webhook_stage_events: { type: Boolean, default: false },
    pipeline_stages: {
      type: [
        new Schema(
          { key: { type: String, required: true }, label: { type: String, required: true } },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    pipeline_stages_version: { type: Number, default: 0 },
  },
  { collection: 'companies', timestamps: TIMESTAMPS, versionKey: false },
);

// `npm run invite -- --company <name>` finds (or creates) the company by name; names are unique.
companySchema.index({ name: 1 }, { unique: true });
// A recruiter's claim names the company by slug (every hiring request looks it up). Partial, so
// companies stored before slugs existed do not collide on a missing value until the backfill.
companySchema.index({ slug: 1 }, { unique: true, partialFilterExpression: { slug: { $type: 'string' } } });

export const Company = model<CompanyDoc>('Company', companySchema);
