// The company's contact address: whom a candidate of a withdrawn invitation is told to write to
// (the quiz's withdrawn screen). Set on the hiring settings page; while unset, the company's
// support address, else the service's SUPPORT_EMAIL. Changes are audited.
import type { ContactSettingsResponse } from '@skillquiz/contracts';
import { auditUpdated, type Config, notFound } from '../platform';
import { Company, type CompanyDoc } from './models/company';

type ContactCompany = Pick<CompanyDoc, 'contact_email' | 'support_email'>;

/** The address candidates are shown: the contact, else the support address, else the service's. */
export function contactEmailOf(
  company: ContactCompany | null,
  serviceSupport: string | null | undefined,
): string | null {
  return company?.contact_email || company?.support_email || serviceSupport || null;
}

function view(company: ContactCompany, config: Pick<Config, 'supportEmail'>): ContactSettingsResponse {
  const fallback = company.support_email || config.supportEmail || null;
  return {
    contact_email: company.contact_email ?? null,
    effective: contactEmailOf(company, config.supportEmail),
    default: fallback,
  };
}

async function load(companyId: string) {
  const company = await Company.findById(companyId)
    .select({ contact_email: 1, support_email: 1 })
    .lean()
    .exec();
  if (!company) throw notFound('Company not found');
  return company;
}

export async function getContactSettings(
  companyId: string,
  config: Pick<Config, 'supportEmail'>,
): Promise<ContactSettingsResponse> {
  return view(await load(companyId), config);
}

export async function saveContactSettings(
  companyId: string,
  contactEmail: string | null,
  actor: string,
  config: Pick<Config, 'supportEmail'>,
): Promise<ContactSettingsResponse> {
  const before = await load(companyId);
  await Company.updateOne({ _id: before._id }, { $set: { contact_email: contactEmail } }).exec();
  await auditUpdated(
    actor,
    'company',
    companyId,
    { contact_email: before.contact_email ?? null },
    { contact_email: contactEmail },
  );
  return view({ ...before, contact_email: contactEmail }, config);
}
