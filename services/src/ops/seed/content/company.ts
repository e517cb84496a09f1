// The demo hiring company, the demo candidate's invitation, and a second company so that the
// isolation between companies can be tried by hand (each has a dev recruiter account,
// services/src/platform/auth/dev-accounts.ts).
import type { SeedCompany, SeedInvitation } from './types';

export const demoCompany: SeedCompany = {
  name: 'Acme Robotics',
  slug: 'acme-robotics',
  // Served by the services from services/public.
  logo_url: '/assets/acme-logo.svg',
  support_email: 'support@skillquiz.example',
};

export const secondCompany: SeedCompany = {
  name: 'Initech',
  slug: 'initech',
  logo_url: null,
  support_email: null,
};

export const demoInvitation: SeedInvitation = {
  required_atoms: ['javascript'],
  optional_atoms: ['python', 'sql'],
};
