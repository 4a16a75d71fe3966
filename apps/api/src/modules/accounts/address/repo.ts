import { eq } from 'drizzle-orm';
import type { MailingAddress } from '@keeb/shared';
import type { Queryable } from '../../../db/client';
import { users } from '../../../db/schema/index';

export async function findMailingAddress(db: Queryable, userId: string): Promise<MailingAddress | null> {
  const [row] = await db.select({ address: users.mailingAddress }).from(users).where(eq(users.id, userId));
  return row?.address ?? null;
}

export async function storeMailingAddress(db: Queryable, userId: string, address: MailingAddress): Promise<void> {
  await db.update(users).set({ mailingAddress: address }).where(eq(users.id, userId));
}
