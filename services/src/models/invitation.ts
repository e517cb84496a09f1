// One candidate's invitation from one company: the atoms they must take and may take.
// Quizzes (QuizResult, each with its own token) are issued from it; see services/README.md, "Data model".
import { Schema, model, type Types } from 'mongoose';
import { SLUG_RE } from '@skillquiz/contracts';
import { TIMESTAMPS, type Timestamps } from './common';

export interface InvitationDoc extends Timestamps {
  _id: Types.ObjectId;
  company: Types.ObjectId;
  candidate_email: string | null;
  candidate_name: string | null;
  /** Atom slugs the candidate must complete, in order. */
  required_atoms: string[];
  /** Atom slugs the candidate may take after the required ones. */
  optional_atoms: string[];
  /** Set by the expiry-sweep job once the invitation's expires_at has passed (issue 20). */
  expired_at?: Date | null;
}

const slugList = {
  type: [String],
  default: [],
  validate: {
    validator: (slugs: string[]) => slugs.every((s) => SLUG_RE.test(s)),
    message: 'atoms are slugs',
  },
};

const invitationSchema = new Schema<InvitationDoc>(
  {
    company: { type: Schema.Types.ObjectId, ref: 'Company', required: true },
    candidate_email: { type: String, default: null, trim: true, lowercase: true },
    candidate_name: { type: String, default: null, trim: true },
    required_atoms: slugList,
    optional_atoms: slugList,
    expired_at: { type: Date, default: null },
  },
  { collection: 'invitations', timestamps: TIMESTAMPS, versionKey: false },
);

// Deleting an atom is refused while an invitation lists it (content/atoms.ts deleteAtom: an $or
// over both lists, one index per branch). Invitations are otherwise read by _id only.
invitationSchema.index({ required_atoms: 1 });
invitationSchema.index({ optional_atoms: 1 });

export const Invitation = model<InvitationDoc>('Invitation', invitationSchema);
