// The companies a sign-on claim may name, as sign-in looks them up (the platform's CompanyDirectory,
// at app.context.companies): companies are this context's collection.
import type { CompanyDirectory } from '../platform';
import { Company } from './models/company';

export function companyDirectory(): CompanyDirectory {
  return {
    async bySlug(slug) {
      const company = await Company.findOne({ slug }).select({ name: 1, slug: 1 }).lean().exec();
      return company ? { id: String(company._id), name: company.name, slug: company.slug } : null;
    },
  };
}
