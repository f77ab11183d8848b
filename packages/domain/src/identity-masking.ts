import { maskCardId, maskLegalName } from './real-name';
import { type StaffRoleName, staffMay } from './staff-roles';

/** The identifying parts of a real-name record: the legal name and the ID number. */
export type IdentityParts = { name: string; cardId: string };

/**
 * A customer's legal name and ID number as a staff role may see them: in full with `identity.read`
 * (compliance, admin: they compare them with the photos), otherwise masked as the customer's own
 * app masks the ID number. Every back-office answer that carries them goes through here.
 */
export function identityShownTo(role: StaffRoleName, identity: IdentityParts): IdentityParts {
  if (staffMay(role, 'identity.read')) return identity;
  return { name: maskLegalName(identity.name), cardId: maskCardId(identity.cardId) };
}
