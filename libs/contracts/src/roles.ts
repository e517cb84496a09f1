// Roles of the hiring API (`/api/hiring/roles`): a company groups invitations by the job they are
// for. A role names its required and optional atoms and, per atom, an optional bar (the lowest
// level that meets the job's need). Edits carry the version they were made on: a stale one is a
// 409, never a silent overwrite. Requests are strict; responses are plain objects.
import { z } from 'zod';
import { IsoDateSchema, SlugSchema } from './entities';
import { HIRING } from './hiring';

export const ROLE_LIMITS = {
  NAME_MAX: 120,
  /** Roles one company may hold. */
  PER_COMPANY_MAX: 500,
} as const;

/** A bar: the lowest level (1..5) that meets the role's need in that atom. */
export const BarSchema = z
  .number()
  .int('a bar is a whole level')
  .min(1, 'a bar is L1..L5')
  .max(5, 'a bar is L1..L5');

export const RoleAtomSchema = z.strictObject({
  atom_id: SlugSchema,
  required: z.boolean(),
  bar: BarSchema.nullable().default(null),
});
export type RoleAtom = z.infer<typeof RoleAtomSchema>;

const roleFields = {
  name: z.string().trim().min(1, 'name is required').max(ROLE_LIMITS.NAME_MAX, 'name is too long'),
  atoms: z
    .array(RoleAtomSchema)
    .max(HIRING.ATOMS_MAX, `at most ${HIRING.ATOMS_MAX} atoms`)
    .refine((a) => a.some((x) => x.required), { message: 'a role needs at least one required atom' })
    .refine((a) => new Set(a.map((x) => x.atom_id)).size === a.length, {
      message: 'an atom appears once in a role',
    }),
};

/** POST /api/hiring/roles. */
export const RoleCreateSchema = z.strictObject(roleFields);
export type RoleCreate = z.input<typeof RoleCreateSchema>;

/** PUT /api/hiring/roles/{id}: the whole role and the version it was read at. */
export const RoleUpdateSchema = z.strictObject({ ...roleFields, version: z.number().int().min(1) });
export type RoleUpdate = z.input<typeof RoleUpdateSchema>;

/** DELETE /api/hiring/roles/{id}?version=N. */
export const RoleDeleteQuerySchema = z.object({
  version: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'version must be a positive integer')
    .transform(Number),
  company: z.string().max(100).optional(),
});

export const RoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  atoms: z.array(
    z.object({
      atom_id: z.string(),
      atom_name: z.string(),
      required: z.boolean(),
      bar: z.number().nullable(),
    }),
  ),
  version: z.number(),
  created_at: IsoDateSchema,
  updated_at: IsoDateSchema,
  /** Who last changed it (a user's email). */
  updated_by: z.string().nullable(),
});
export type RoleView = z.infer<typeof RoleSchema>;

/** GET /api/hiring/roles: the scope's roles by name. */
export const RoleListResponseSchema = z.object({ roles: z.array(RoleSchema) });
export type RoleListResponse = z.infer<typeof RoleListResponseSchema>;
