// The demo seed content: three atoms with their question banks, a company and an invitation.
// Pure data; the seeding function turns it into database documents.
import { javascriptAtom } from './javascript';
import { pythonAtom } from './python';
import { sqlAtom } from './sql';
import type { SeedAtom } from './types';

export * from './types';
export { demoCompany, demoInvitation, secondCompany } from './company';

export const seedAtoms: SeedAtom[] = [javascriptAtom, pythonAtom, sqlAtom];
