// What the content context asks of invitations (handed to its router by the composition root):
// how many invitations list an atom, so an atom still offered to candidates is not deleted.
import { Invitation } from './models/invitation';

export async function invitationsListing(atomId: string): Promise<number> {
  return Invitation.countDocuments({ $or: [{ required_atoms: atomId }, { optional_atoms: atomId }] }).exec();
}
