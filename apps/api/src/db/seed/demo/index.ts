import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import { REGIONS, checkItemSpecs, dollarsToCents, photoVariants, specTags } from '@keeb/shared';
import type { Database } from '../../client';
import { listingPhoto } from '../../../platform/images';
import { photoParts } from '../../../platform/photo-parts';
import { itemShipping, items, orderEvents, orders, purchases, users } from '../../schema/index';
import { loadDemoBlog } from './blog';
import { DEMO_LISTINGS, DEMO_PASSWORD, DEMO_SALES, DEMO_USERS } from './catalog';
import { DEMO_SPECS } from './specs';
import { renderAvatar, renderDemoPhotos } from './photos';

/** UPS's published example number (valid check digit): the demo's sales shipped tracked. */
const DEMO_TRACKING = '1Z999AA10123456784';

const AVATAR_COLOURS = ['#5b8def', '#e0795b', '#4fb286', '#a56de2', '#e0b84a', '#3d9fb8'];
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
}

/** Shipping offered by a demo seller: home region cheap, a few others dearer, deterministic per listing. */
function shippingFor(home: string, index: number) {
  const others = REGIONS.map((r) => r.code).filter((c) => c !== home);
  const picked = [home, ...others.filter((_, i) => (i + index) % 2 === 0)];
  return picked.map((code, i) => ({ code, priceCents: code === home ? (index % 4 === 0 ? 0 : 1000) : 2500 + i * 500 }));
}

/**
 * Loads the demo sellers, their approved listings with photos rendered locally by sharp, and their sales to one
 * another. Runs only on an empty embedded database (the caller checks), so it never touches real data.
 */
export async function loadDemoData(db: Database, uploadsDir: string): Promise<{ users: number; listings: number; sales: number }> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { users: 0, listings: 0, sales: 0 };

  const dir = path.join(uploadsDir, 'demo');
  await mkdir(dir, { recursive: true });
  const passwordHash = await hash(DEMO_PASSWORD);

  const userIds = new Map<string, { id: string; region: string }>();
  for (const [i, user] of DEMO_USERS.entries()) {
    const avatarFile = `avatar-${user.username}.jpg`;
    await writeFile(path.join(dir, avatarFile), await renderAvatar(AVATAR_COLOURS[i % AVATAR_COLOURS.length] ?? '#5b8def'));
    const [row] = await db
      .insert(users)
      .values({
        username: user.username,
        email: `${user.username}@demo.keebmarket.local`,
        passwordHash,
        avatar: `/uploads/demo/${avatarFile}`,
        bio: user.bio,
        shippingRegionCode: user.region,
        emailConfirmedAt: new Date(),
        isDemo: true,
      })
      .returning({ id: users.id });
    if (row) userIds.set(user.username, { id: row.id, region: user.region });
  }

  const now = Date.now();
  // Keyboard photos make the demo blog posts' banners.
  const banners: string[] = [];
  const photosByName = new Map<string, string[]>();
  for (const [i, listing] of DEMO_LISTINGS.entries()) {
    const seller = userIds.get(listing.seller);
    if (!seller) throw new Error(`demo listing ${listing.name} names unknown seller ${listing.seller}`);
    const base = `${String(i).padStart(2, '0')}-${slug(listing.name)}`;
    // Stored exactly as an upload is (photos/service.ts): each photo with its @4x_ and @2x_ variants beside it,
    // so the grid, compact and detail views find the sizes the thumbnail rule names.
    const photos: string[] = [];
    for (const [n, rendered] of (await renderDemoPhotos(listing.category, listing.palette, i)).entries()) {
      const name = `${base}-${n + 1}.jpg`;
      await Promise.all(photoParts(name, await listingPhoto(rendered)).map((part) => writeFile(path.join(dir, part.key), part.body)));
      photos.push(`/uploads/demo/${name}`);
    }
    if (listing.category === 'keyboards' && photos[0]) banners.push(photos[0]);
    photosByName.set(listing.name, photos);
    const checked = checkItemSpecs(listing.category, DEMO_SPECS[listing.name] ?? {});
    if ('problem' in checked) throw new Error(`demo listing ${listing.name}: ${checked.problem.join(' ')}`);
    await db.transaction(async (tx) => {
      const [item] = await tx
        .insert(items)
        .values({
          sellerId: seller.id,
          categoryId: listing.category,
          specs: checked.specs,
          specTags: specTags(checked.specs),
          saleTypeId: listing.vendor ? 'vendor' : 'individual',
          name: listing.name,
          description: listing.description,
          priceCents: dollarsToCents(listing.price),
          paymentEmail: `${listing.seller}@demo.keebmarket.local`,
          offersAccepted: i % 3 !== 0,
          isFixedPrice: i % 3 !== 1,
          photos,
          thumbnail: photoVariants(photos[0] ?? '').list,
          approvalStatus: 'approved',
          openToTrades: listing.lookingFor !== undefined,
          lookingFor: listing.lookingFor ?? '',
          // Spread over the last few days, newest first in catalogue order.
          timeListed: new Date(now - (i * 2 + 1) * HOUR - i * 61_000),
          // Demo listings were "created" long ago, so they never count toward a demo seller's posting limit.
          createdAt: new Date(now - 30 * 24 * HOUR),
        })
        .returning({ id: items.id });
      if (!item) throw new Error('demo item insert returned nothing');
      await tx.insert(itemShipping).values(shippingFor(seller.region, i).map((s) => ({ itemId: item.id, regionCode: s.code, priceCents: s.priceCents })));
    });
  }
  await loadDemoSales(db, userIds, photosByName, now);
  const author = userIds.get(DEMO_USERS[0].username);
  if (author) await loadDemoBlog(db, author.id, banners);
  return { users: DEMO_USERS.length, listings: DEMO_LISTINGS.length, sales: DEMO_SALES.length };
}

/**
 * The demo sales: sold listings with their buyer, price and time of sale, listed a few days before they sold; each
 * with its purchase and its order, shipped the next day and confirmed received three days later (confirmed
 * trades on every demo profile), its timeline as the app would have written it.
 */
async function loadDemoSales(db: Database, userIds: Map<string, { id: string; region: string }>, photosByName: Map<string, string[]>, now: number) {
  for (const [i, sale] of DEMO_SALES.entries()) {
    const seller = userIds.get(sale.seller);
    const buyer = userIds.get(sale.buyer);
    const photos = photosByName.get(sale.photosOf);
    if (!seller || !buyer || !photos) throw new Error(`demo sale ${sale.name} names an unknown user or listing`);
    const soldAt = new Date(now - sale.daysAgo * DAY - i * 3_600_000);
    const timeListed = new Date(soldAt.getTime() - (2 + (i % 5)) * DAY);
    await db.transaction(async (tx) => {
      const [item] = await tx
        .insert(items)
        .values({
          sellerId: seller.id,
          categoryId: sale.category,
          saleTypeId: sale.vendor ? 'vendor' : 'individual',
          name: sale.name,
          description: sale.description,
          priceCents: dollarsToCents(sale.price),
          paymentEmail: `${sale.seller}@demo.keebmarket.local`,
          offersAccepted: true,
          isFixedPrice: true,
          photos,
          thumbnail: photoVariants(photos[0] ?? '').list,
          approvalStatus: 'approved',
          timeListed,
          createdAt: timeListed,
          purchaserId: buyer.id,
          priceSoldCents: dollarsToCents(sale.price),
          soldAt,
        })
        .returning({ id: items.id });
      if (!item) throw new Error('demo sale insert returned nothing');
      const shipping = shippingFor(seller.region, i);
      await tx.insert(itemShipping).values(shipping.map((s) => ({ itemId: item.id, regionCode: s.code, priceCents: s.priceCents })));
      const regionCode = shipping.some((s) => s.code === buyer.region) ? buyer.region : seller.region;
      const [purchase] = await tx
        .insert(purchases)
        .values({
          itemId: item.id,
          buyerId: buyer.id,
          sellerId: seller.id,
          itemCents: dollarsToCents(sale.price),
          shippingCents: shipping.find((s) => s.code === regionCode)?.priceCents ?? 0,
          regionCode,
          payeeEmail: `${sale.seller}@demo.keebmarket.local`,
          provider: 'local',
          status: 'captured',
          lockedUntil: soldAt,
          capturedAt: soldAt,
          createdAt: soldAt,
          updatedAt: soldAt,
        })
        .returning({ id: purchases.id });
      if (!purchase) throw new Error('demo purchase insert returned nothing');
      const shippedAt = new Date(soldAt.getTime() + DAY);
      const receivedAt = new Date(soldAt.getTime() + 4 * DAY);
      await tx.insert(orders).values({
        id: purchase.id,
        itemId: item.id,
        buyerId: buyer.id,
        sellerId: seller.id,
        status: 'received',
        paidAt: soldAt,
        shipBy: new Date(soldAt.getTime() + 3 * DAY),
        shippedAt,
        // Tracked, as a confirmed trade without tracking counts only 14 days after shipping (issue 36).
        trackingNumber: DEMO_TRACKING,
        trackingCarrier: 'ups',
        receivedAt,
        closedAt: receivedAt,
      });
      await tx.insert(orderEvents).values([
        { orderId: purchase.id, kind: 'paid', actorId: buyer.id, at: soldAt },
        { orderId: purchase.id, kind: 'shipped', actorId: seller.id, at: shippedAt, data: { trackingNumber: DEMO_TRACKING, carrier: 'ups' } },
        { orderId: purchase.id, kind: 'received', actorId: buyer.id, at: receivedAt, data: { auto: false } },
      ]);
    });
  }
}
