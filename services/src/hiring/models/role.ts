// A company's role: the job a group of invitations is for, with its required and optional atoms and,
// per atom, an optional bar (the lowest level that meets the need). `version` starts at 1 and every
// change is conditional on it (hiring/roles.ts), so a stale edit is refused, never lost.
import { Schema, model, type Types } from 'mongoose';
import { SLUG_RE } from '@skillquiz/contracts';
import { TIMESTAMPS, type Timestamps } from '../../platform';

export interface RoleAtomDoc {
  atom_id: string;
  required: boolean;
  /** 1..5, or null: no bar. */
  bar: number | null;
}

export interface RoleDoc extends Timestamps {
  _id: Types.ObjectId;
  company: Types.ObjectId;
  name: string;
  atoms: RoleAtomDoc[];
  version: number;
  updated_by: string | null;
}

const roleAtomSchema = new Schema<RoleAtomDoc>(
  {
    atom_id: { type: String, required: true, match: SLUG_RE },
    required: { type: Boolean, required: true },
    bar: { type: Number, min: 1, max: 5, default: null },
  },
  { _id: false },
);

const roleSchema = new Schema<RoleDoc>(
  {
    company: { type: Schema.Types.ObjectId, ref: 'Company', required: true },
    name: { type: String, required: true, trim: true },
    atoms: { type: [roleAtomSchema], default: [] },
    version: { type: Number, default: 1 },
    updated_by: { type: String, default: null },
  },
  { collection: 'roles', timestamps: TIMESTAMPS, versionKey: false },
);

// The Roles page lists a company's roles by name; names are unique within a company.
roleSchema.index({ company: 1, name: 1 }, { unique: true });

export const Role = model<RoleDoc>('Role', roleSchema);
