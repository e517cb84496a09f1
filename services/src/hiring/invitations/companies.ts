// Companies: the tenants of the hiring pages. Each has a unique, immutable slug that the sign-on's
// claims name (platform/auth/roles.ts); `npm run invite --company` and the seed find or create them.
import type { CompanyRef } from '@skillquiz/contracts';
import { Types } from 'mongoose';
import { badRequest } from '../../platform';
import { Company, type CompanyDoc } from '../models/company';

const SLUG_MAX = 64;

/**
 * 'Acme Robotics, Inc.' → 'acme-robotics-inc'; a name without letters or digits → `fallback`. At most
 * `max - 4` characters, leaving room for a '-2' .. '-999' suffix that makes it unique.
 */
export function slugify(name: string, max = SLUG_MAX, fallback = 'company'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max - 4)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The company as the hiring API names it. */
export function companyRef(c: Pick<CompanyDoc, '_id' | 'name' | 'slug'>): CompanyRef {
  return { id: String(c._id), name: c.name, slug: c.slug };
}

export interface CompanyInput {
  name: string;
  /** Wanted slug; default: from the name (with -2, -3 ... when taken). */
  slug?: string;
  logo_url?: string | null;
  support_email?: string | null;
}

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

/** A free slug for a new company named `name` (the name's slug, then -2, -3 ...). */
async function freeSlug(base: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await Company.exists({ slug }).exec())) return slug;
  }
  throw new Error(`no free company slug for ${base}`);
}

/**
 * Finds the company by slug (when `slug` is given) or by name (names are unique), or creates it.
 * Safe under concurrent calls: the unique indexes make a racing duplicate fail, and the winner is
 * read back.
 */
export async function findOrCreateCompany(input: CompanyInput): Promise<CompanyDoc> {
  const name = input.name.trim();
  if (!name) throw badRequest('A company needs a name');
  const bySlug = input.slug ? await Company.findOne({ slug: input.slug }).lean().exec() : null;
  if (bySlug) return bySlug;
  // Names are unique: a company of this name is this company (stored before slugs: it gets one).
  const existing = await Company.findOne({ name }).lean().exec();
  if (existing) return existing.slug ? existing : ensureSlug(existing, input.slug);
  const doc = {
    name,
    slug: input.slug ?? (await freeSlug(slugify(name))),
    logo_url: input.logo_url ?? null,
    support_email: input.support_email ?? null,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return (await Company.create(doc)).toObject();
    } catch (err) {
      if (!isDuplicate(err)) throw err;
      // The same company was created meanwhile (same name or wanted slug): use it.
      const raced = await Company.findOne(input.slug ? { slug: input.slug } : { name })
        .lean()
        .exec();
      if (raced) return raced.slug ? raced : ensureSlug(raced);
      // Another company took the derived slug: try the next one.
      if (!input.slug) doc.slug = await freeSlug(slugify(name));
      else throw badRequest(`A company named ${name} would need slug ${input.slug}, which another uses`);
    }
  }
  throw new Error(`could not create company ${name}`);
}

/**
 * Gives a company stored before slugs existed its slug: `wanted` when free, else one from its name
 * (idempotent; concurrent calls agree).
 */
async function ensureSlug(company: CompanyDoc, wanted?: string): Promise<CompanyDoc> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug =
      wanted && attempt === 0 && !(await Company.exists({ slug: wanted }).exec())
        ? wanted
        : await freeSlug(slugify(company.name));
    try {
      const updated = await Company.findOneAndUpdate(
        { _id: company._id, slug: { $exists: false } },
        { $set: { slug } },
        { returnDocument: 'after', lean: true },
      ).exec();
      return updated ?? (await Company.findById(company._id).lean().exec())!;
    } catch (err) {
      if (!isDuplicate(err)) throw err;
    }
  }
  throw new Error(`could not give company ${company.name} a slug`);
}

/** At start: every company stored before slugs existed gets its slug (one query when none is missing). */
export async function backfillCompanySlugs(): Promise<number> {
  const missing = await Company.find({ slug: { $exists: false } })
    .lean()
    .exec();
  for (const c of missing) await ensureSlug(c);
  return missing.length;
}

/** A company by its id (24 hex digits) or slug; null when there is none. */
export async function findCompany(idOrSlug: string): Promise<CompanyDoc | null> {
  const key = idOrSlug.trim();
  if (Types.ObjectId.isValid(key) && /^[0-9a-f]{24}$/i.test(key)) return Company.findById(key).lean().exec();
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(key)) return null;
  return Company.findOne({ slug: key }).lean().exec();
}

/** Every company, by name (the admin's company switcher). */
export async function listCompanies(): Promise<CompanyRef[]> {
  const docs = await Company.find({ slug: { $type: 'string' } })
    .select({ name: 1, slug: 1 })
    .sort({ name: 1 })
    .lean()
    .exec();
  return docs.map(companyRef);
}
