import { eq, sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { blogPosts, conversationParticipants, conversations, follows, itemComments, itemSaves, messages, offers, orderEvents, orderProblems, orders, purchases, tradeItems, trades, wantMatches, wants } from '../db/schema/index';
import { hashPassword } from '../modules/accounts/passwords';
import type { RouteInfo } from '../platform/route-table';
import type { TestClient, TestContext } from './app';
import { createItem, createUser } from './factories';
import { startFakeFacebook } from './fakes/facebook';
import { startFakeGoogle } from './fakes/google';
import { KNOWN_ALBUM, startFakeImgur } from './fakes/imgur';
import { startFakeReddit } from './fakes/reddit';

/**
 * The outside services, faked, so every provider-backed route runs its real code (unconfigured, they answer 404
 * to everyone and would hide their access rule). Call at the top of a test file; pass `env` to useTestApp.
 */
export async function startFakeProviders() {
  const servers = await Promise.all([startFakeReddit(), startFakeGoogle(), startFakeFacebook(), startFakeImgur()]);
  afterAll(() => Promise.all(servers.map((s) => s.close())));
  return { env: Object.assign({ PUBLIC_URL: 'http://keeb.test' }, ...servers.map((s) => s.env)) as Record<string, string> };
}

export interface Person {
  id: string;
  username: string;
  /** What no answer to anyone else may carry. */
  secrets: { email: string; phone: string; passwordHash: string; sessionId: string; street: string };
  client: TestClient;
}

export interface RouteWorld {
  owner: Person;
  other: Person;
  admin: Person;
  /** A listing of the owner's. */
  itemId: string;
  /** A listing of the other user's (the owner may offer on it). */
  otherItemId: string;
  /** The other user's pending offer on the owner's listing: the owner is its seller. */
  offerToOwnerId: string;
  /** The owner's pending offer on a listing of the other user's: the owner is its buyer. */
  offerByOwnerId: string;
  /** A conversation of the owner's with the admin, one message each way: the other user takes no part in it. */
  conversationId: string;
  /** The admin's published, open Giveaway post (no entries, so no one's email is in the entries answer). */
  blogPostId: string;
  /** A want of the owner's, matched by the other user's listing. */
  wantId: string;
  /**
   * An order the owner sold to the admin, paid and not shipped: the owner is its seller. The other party is the
   * admin (an account like any), so the other user is a stranger to both orders, as to the conversation.
   */
  orderToOwnerId: string;
  /** An order the owner bought from the admin, shipped, with a problem the owner reported: the owner is its buyer. */
  orderByOwnerId: string;
  /** That open problem (the admin's to close). */
  problemId: string;
  /**
   * Trades (issue 28) between the owner and the admin, pending, so the other user is a stranger to both: the
   * admin's proposal on the owner's listing (the owner is its seller, whose turn it is), and the owner's proposal
   * on a listing of the admin's (the owner is its proposer).
   */
  tradeToOwnerId: string;
  tradeByOwnerId: string;
  everyone: Person[];
}

const PASSWORD_HASH = hashPassword('correct horse battery');

/** The session id inside a client's signed `sid` cookie. */
const sessionIdOf = (client: TestClient) => /(?:^|; )sid=s%3A([^.]+)\./.exec(client.cookie)?.[1] ?? '';

async function person(t: TestContext, name: string, isAdmin: boolean): Promise<Person> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `${name}.${suffix}@secret-mail.test`;
  const phone = `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const passwordHash = await PASSWORD_HASH;
  // The saved mailing address (issue 26): only GET /api/me/address answers it, to its owner. (An order's ship-to
  // is the order's own copy, shown to its seller: the world's orders carry another address.)
  const street = `${Math.floor(100 + Math.random() * 900)} Hidden Way ${suffix}`;
  const user = await createUser(t.db.db, {
    mailingAddress: { name: `${name} Secret`, line1: street, line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    username: `${name}_${suffix}`,
    email,
    phone,
    passwordHash,
    isAdmin,
    emailConfirmedAt: new Date(),
    phoneVerifiedAt: new Date(),
  });
  const client = await t.clientAs(user.id);
  return { id: user.id, username: user.username, secrets: { email, phone, passwordHash, sessionId: sessionIdOf(client), street }, client };
}

/**
 * Three signed-in people (an owner of one listing, another ordinary user, an admin), made after each reset, and
 * ties between them that put each in the others' answers: the other user comments on, saves and follows the
 * owner's listing and the owner follows back; a second listing awaits approval. The listings' payment email is
 * the owner's own (private) address.
 */
export async function buildRouteWorld(t: TestContext): Promise<RouteWorld> {
  const [owner, other, admin] = [await person(t, 'owner', false), await person(t, 'other', false), await person(t, 'admin', true)];
  const item = await createItem(t.db.db, owner.id, { paymentEmail: owner.secrets.email, openToTrades: true });
  // One in the approval queue too, so the admin's answers have the owner in them.
  await createItem(t.db.db, owner.id, { paymentEmail: owner.secrets.email, approvalStatus: 'pending' });
  await t.db.db.insert(itemComments).values({ itemId: item.id, userId: other.id, body: 'Would you ship to Canada?' });
  await t.db.db.insert(itemSaves).values({ itemId: item.id, userId: other.id });
  await t.db.db.insert(follows).values([
    { followerId: other.id, followedId: owner.id },
    { followerId: owner.id, followedId: other.id },
  ]);
  const othersItem = await createItem(t.db.db, other.id, { paymentEmail: other.secrets.email, openToTrades: true });
  const offer = (itemId: string, buyerId: string, sellerId: string) => ({ itemId, buyerId, sellerId, priceCents: 8000, shippingCents: 1000, regionCode: 'US' });
  const [toOwner, byOwner] = await t.db.db
    .insert(offers)
    .values([offer(item.id, other.id, owner.id), offer(othersItem.id, owner.id, other.id)])
    .returning({ id: offers.id });
  const conversationId = await conversationOf(t, owner, admin, item.id);
  const [post] = await t.db.db
    .insert(blogPosts)
    .values({ authorId: admin.id, categoryId: 'giveaway', title: 'Win a board', body: 'Enter below.', bodyHtml: '<p>Enter below.</p>', thumbnail: '/uploads/blog/banner.jpg', isPublished: true, publishedAt: new Date() })
    .returning({ id: blogPosts.id });
  const [want] = await t.db.db
    .insert(wants)
    .values({ userId: owner.id, searchText: 'test board', query: sql`search_tsquery('test board')`, anchors: sql`want_anchors('test board')`, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: wants.id });
  await t.db.db.insert(wantMatches).values({ wantId: want!.id, itemId: othersItem.id, userId: owner.id, priceCents: 11_000 });
  const orderToOwnerId = await saleOf(t, owner, admin, 'paid');
  const orderByOwnerId = await saleOf(t, admin, owner, 'problem');
  const [problem] = await t.db.db.insert(orderProblems).values({ orderId: orderByOwnerId, reason: 'not_received', details: 'Still waiting.', openedBy: owner.id }).returning({ id: orderProblems.id });
  const [tradeToOwnerId, tradeByOwnerId] = await tradesOf(t, owner, admin, item.id);
  return {
    tradeToOwnerId, tradeByOwnerId,
    owner, other, admin, itemId: item.id, otherItemId: othersItem.id, offerToOwnerId: toOwner!.id, offerByOwnerId: byOwner!.id, conversationId, blogPostId: post!.id, wantId: want!.id,
    orderToOwnerId, orderByOwnerId, problemId: problem!.id, everyone: [owner, other, admin],
  };
}

/** The two pending trades of the world, stored as POST /api/trade stores them (each offering one listing). */
async function tradesOf(t: TestContext, owner: Person, admin: Person, ownersItemId: string): Promise<[string, string]> {
  const adminsItem = await createItem(t.db.db, admin.id, { paymentEmail: admin.secrets.email, openToTrades: true });
  const adminsOffer = await createItem(t.db.db, admin.id, { paymentEmail: admin.secrets.email });
  const ownersOffer = await createItem(t.db.db, owner.id, { paymentEmail: owner.secrets.email });
  const [toOwner, byOwner] = await t.db.db
    .insert(trades)
    .values([
      { itemId: ownersItemId, sellerId: owner.id, proposerId: admin.id, cashToSellerCents: 4000, message: 'Mine for yours plus $40?' },
      { itemId: adminsItem.id, sellerId: admin.id, proposerId: owner.id, cashToBuyerCents: 1000, message: 'Swap, and $10 my way?' },
    ])
    .returning({ id: trades.id });
  await t.db.db.insert(tradeItems).values([
    { tradeId: toOwner!.id, itemId: adminsOffer.id, position: 0 },
    { tradeId: byOwner!.id, itemId: ownersOffer.id, position: 0 },
  ]);
  return [toOwner!.id, byOwner!.id];
}

/** A sold listing of `seller`'s with its captured purchase and order (as the sale's transaction stores them), in `status`. */
async function saleOf(t: TestContext, seller: Person, buyer: Person, status: 'paid' | 'problem'): Promise<string> {
  const sold = await createItem(t.db.db, seller.id, { purchaserId: buyer.id, priceSoldCents: 10_000, soldAt: new Date() });
  const [purchase] = await t.db.db
    .insert(purchases)
    .values({ itemId: sold.id, buyerId: buyer.id, sellerId: seller.id, itemCents: 10_000, shippingCents: 1000, regionCode: 'US', payeeEmail: seller.secrets.email, provider: 'local', status: 'captured', lockedUntil: new Date(), capturedAt: new Date(), orderId: `WORLD${sold.id.slice(0, 12).toUpperCase()}`, captureId: 'CAPTUREWORLD00000' })
    .returning({ id: purchases.id });
  const paidAt = new Date(Date.now() - (status === 'problem' ? 5 : 1) * 86_400_000);
  await t.db.db.insert(orders).values({
    id: purchase!.id, itemId: sold.id, buyerId: buyer.id, sellerId: seller.id, status, paidAt, shipBy: new Date(paidAt.getTime() + 72 * 3_600_000),
    shipTo: { name: 'World Buyer', line1: '1 Main St', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    ...(status === 'problem' ? { shippedAt: new Date(paidAt.getTime() + 86_400_000) } : {}),
  });
  await t.db.db.insert(orderEvents).values({ orderId: purchase!.id, kind: 'paid', actorId: buyer.id, at: paidAt });
  return purchase!.id;
}

/** A conversation between two people about an item, with a message from each, stored as the chat module stores it. */
async function conversationOf(t: TestContext, x: Person, y: Person, itemId: string): Promise<string> {
  const [userA, userB] = x.id < y.id ? [x.id, y.id] : [y.id, x.id];
  const [conversation] = await t.db.db.insert(conversations).values({ userA, userB }).returning({ id: conversations.id });
  const conversationId = conversation!.id;
  const [, last] = await t.db.db
    .insert(messages)
    .values([
      { conversationId, senderId: y.id, itemId, body: 'Is this still for sale?', createdAt: new Date(Date.now() - 1000) },
      { conversationId, senderId: x.id, body: 'It is, with the original box.' },
    ])
    .returning();
  await t.db.db.update(conversations).set({ lastMessageId: last!.id, lastMessage: last!.body, lastSenderId: x.id, lastModified: last!.createdAt }).where(eq(conversations.id, conversationId));
  await t.db.db.insert(conversationParticipants).values([
    { conversationId, userId: x.id, otherUserId: y.id, lastModified: last!.createdAt },
    { conversationId, userId: y.id, otherUserId: x.id, lastModified: last!.createdAt, unread: 1 },
  ]);
  return conversationId;
}

/** The URL of a route with its path parameters naming the world's things (the owner's listing, the owner). */
export function urlOf(route: RouteInfo, world: RouteWorld, override: Record<string, string> = {}): string {
  const onUser = route.path.startsWith('/user/');
  const value = (name: string): string => {
    if (name in override) return override[name] ?? '';
    // Offer calls: the buyer's (counter-buyer, remove) name the owner's own offer, the seller's one made to the owner.
    if (name === 'id' && route.path.startsWith('/offer/')) return /\/(counter-buyer|remove)$/.test(route.path) ? world.offerByOwnerId : world.offerToOwnerId;
    if (name === 'id' && route.path.startsWith('/blog/')) return world.blogPostId;
    // Trade calls: the proposer's (cancel, extend) name the owner's proposal, the others the one made to the owner.
    if (name === 'id' && route.path.startsWith('/trade/')) return /\/(cancel|extend)$/.test(route.path) ? world.tradeByOwnerId : world.tradeToOwnerId;
    if (name === 'id' && route.path.startsWith('/me/wants/')) return world.wantId;
    // Order calls: the seller's (ship) name the order the owner sold, the buyer's the one the owner bought.
    if (name === 'id' && route.path.startsWith('/order/')) return route.path.endsWith('/ship') ? world.orderToOwnerId : world.orderByOwnerId;
    if (name === 'id' && route.path.startsWith('/admin/problems/')) return world.problemId;
    // Chat calls name the owner's conversation (with the admin).
    if (name === 'id' && (route.path.startsWith('/message/') || route.path.startsWith('/conversation/'))) return world.conversationId;
    if (name === 'id' || name === 'itemId') return onUser ? world.owner.id : world.itemId;
    if (name === 'username') return world.owner.username;
    if (name === 'token') return 'no-such-token-0123456789';
    if (name === 'hash') return KNOWN_ALBUM;
    if (name === 'orderId') return 'NOSUCHORDER000000';
    throw new Error(`route-world: no sample value for path parameter :${name} of ${route.path}; add one here`);
  };
  return `/api${route.path.replace(/:(\w+)/g, (_m, name: string) => value(name))}`;
}

/** The caller a route's access rule allows: the owner for their own things, the admin for admin routes. */
export const allowedCaller = (route: RouteInfo, world: RouteWorld): Person => (route.access === 'admin' ? world.admin : world.owner);

/** Sends one call with the client's cookies and XSRF header, whatever the method. */
export function send(client: TestClient, route: RouteInfo, url: string, body: object = {}) {
  switch (route.method) {
    case 'get':
      return client.get(url);
    case 'delete':
      return client.delete(url);
    case 'put':
      return client.put(url, body);
    case 'post':
      return client.post(url, body);
  }
}

const LEAK_PATTERNS: Array<[string, RegExp]> = [
  ['SQL', /\b(select\s[\s\S]*\sfrom|insert\s+into|update\s+\w+\s+set|delete\s+from|violates|syntax error|duplicate key|relation "|column ")/i],
  ['a stack trace', /\bat\s+\S+\s+\(|\.(ts|js|mjs):\d+|node_modules|Error:\s/],
];

/**
 * What an answer to `viewer` must not carry: anyone else's email, phone, saved address or session id, anyone's password hash
 * or session id, SQL, or a stack. `viewer` undefined: a logged-out caller. Answers the problems found.
 */
export function leaksIn(text: string, world: RouteWorld, viewer: Person | undefined): string[] {
  const found: string[] = [];
  for (const p of world.everyone) {
    const { email, phone, passwordHash, sessionId, street } = p.secrets;
    if (text.includes(passwordHash)) found.push(`${p.username}'s password hash`);
    if (sessionId && text.includes(sessionId)) found.push(`${p.username}'s session id`);
    if (p === viewer) continue;
    if (text.toLowerCase().includes(email.toLowerCase())) found.push(`${p.username}'s email`);
    if (text.includes(phone) || text.includes(phone.slice(2))) found.push(`${p.username}'s phone`);
    if (text.includes(street)) found.push(`${p.username}'s saved address`);
  }
  for (const [what, pattern] of LEAK_PATTERNS) if (pattern.test(text)) found.push(what);
  return found;
}
