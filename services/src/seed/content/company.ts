// The demo hiring company and the demo candidate's invitation.
import type { SeedCompany, SeedInvitation } from './types';

export const demoCompany: SeedCompany = {
  name: 'Acme Robotics',
  // Served by the services from services/public.
  logo_url: '/assets/acme-logo.svg',
  support_email: 'support@skillquiz.example',
};

export const demoInvitation: SeedInvitation = {
  required_atoms: ['javascript'],
  optional_atoms: ['python', 'sql'],
};
