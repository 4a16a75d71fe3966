import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationParticipants, messages } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { sendMessage, useRealtime } from '../../test/realtime';

/**
 * Reply speed (issue 26's 'usually replies within'): the send statement keeps each participant's first receipt and
 * first reply after it. Sent through the socket path the client uses.
 */
const t = useTestApp();
const rt = useRealtime(t);

async function member() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date() });
  const client = await t.clientAs(user.id);
  return { user, client, socket: () => rt.open(client.cookie) };
}
type Member = Awaited<ReturnType<typeof member>>;

/** Sends `msg` from `from` to `to` (into their conversation once it exists) and answers the stored message's time. */
async function send(from: Member, to: Member, msg: string, conversationId?: string) {
  const ack = await sendMessage(await from.socket(), conversationId ? { conversationId, msg } : { toUserId: to.user.id, msg });
  if (!ack.ok) throw new Error(ack.error);
  return { conversationId: ack.message.conversationId, at: new Date(ack.message.ts) };
}

async function times(conversationId: string, who: Member) {
  const [row] = await t.db.db
    .select({ received: conversationParticipants.firstReceivedAt, replied: conversationParticipants.firstRepliedAt })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, who.user.id)));
  return row;
}

describe('reply speed', () => {
  it("records the recipient's first receipt and their first reply after it, once, whatever follows", async () => {
    const [buyer, seller] = [await member(), await member()];
    const asked = await send(buyer, seller, 'Is it still available?');
    const id = asked.conversationId;
    expect(await times(id, seller)).toEqual({ received: asked.at, replied: null });
    // The buyer wrote first: nothing was received by them, so nothing of theirs is a reply.
    expect(await times(id, buyer)).toEqual({ received: null, replied: null });

    await send(buyer, seller, 'Would you take $300?', id);
    const answered = await send(seller, buyer, 'Yes, it is', id);
    expect(await times(id, seller)).toEqual({ received: asked.at, replied: answered.at });
    expect(await times(id, buyer)).toEqual({ received: null, replied: null });

    // Later messages on either side move neither time.
    await send(buyer, seller, 'Great', id);
    await send(seller, buyer, 'Shipping tomorrow', id);
    expect(await times(id, seller)).toEqual({ received: asked.at, replied: answered.at });
    expect(await times(id, buyer)).toEqual({ received: null, replied: null });
  });

  it('a conversation opened but not written in still counts the first message received', async () => {
    const [buyer, seller] = [await member(), await member()];
    const opened = await seller.client.post('/api/conversation', { userId: buyer.user.id });
    expect(opened.status).toBe(200);
    const first = await send(buyer, seller, 'Hello', opened.body._id);
    expect(await times(first.conversationId, seller)).toEqual({ received: first.at, replied: null });
  });

  it('a notice posted for an order is neither a message written nor one received', async () => {
    const [buyer, seller] = [await member(), await member()];
    const opened = await buyer.client.post('/api/conversation', { userId: seller.user.id });
    const id = opened.body._id as string;
    // The product's notice in the seller's name (a problem reported on an order, say) comes first.
    await t.db.db.insert(messages).values({ conversationId: id, senderId: seller.user.id, body: 'A problem was reported', notice: { kind: 'problem', orderId: id } });
    const first = await send(buyer, seller, 'Where is my board?', id);
    expect(await times(id, seller)).toEqual({ received: first.at, replied: null });
    const reply = await send(seller, buyer, 'Sent on Monday', id);
    expect(await times(id, seller)).toEqual({ received: first.at, replied: reply.at });
  });
});
