import type { MailingAddress } from '@keeb/shared';
import type { Database } from '../../../db/client';
import { findMailingAddress, storeMailingAddress } from './repo';

/**
 * The saved mailing address (settings): where a buyer's parcels go unless they choose another at the provider.
 * Orders keep their own copy of the address each was paid with, so changing it here never moves a parcel.
 */
export function createAddressService(db: Database) {
  return {
    /** The saved address, or null when none was saved. */
    savedAddress: (userId: string) => findMailingAddress(db, userId),

    /** Replaces the saved address with a parsed one (MailingAddressSchema) and answers it as stored. */
    async saveAddress(userId: string, address: MailingAddress): Promise<MailingAddress> {
      const stored: MailingAddress = {
        name: address.name,
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        region: address.region,
        postalCode: address.postalCode,
        country: address.country,
      };
      await storeMailingAddress(db, userId, stored);
      return stored;
    },
  };
}
export type AddressService = ReturnType<typeof createAddressService>;
