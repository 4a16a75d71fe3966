import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { withVariants, keyOfUrl } from '../../adapters/storage/storage';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';

// The orphan check on local disk (no S3_BUCKET): the same job deletes the files, every size of them.
const t = useTestApp();
const photo = () => sharp({ create: { width: 900, height: 700, channels: 3, background: '#3a7d44' } }).jpeg().toBuffer();
const onDisk = (key: string) => existsSync(path.join(t.config.uploadsDir, key));

describe('orphan uploads on local disk', () => {
  it('deletes a blog image nobody used after a day, its sizes included, and keeps the one a post shows', async () => {
    const admin = await createUser(t.db.db, { isAdmin: true });
    const client = await t.clientAs(admin.id);
    const used = (await client.upload('/api/blog/image-upload', 'image', await photo(), 'a.jpg')).body.url as string;
    const unused = (await client.upload('/api/blog/image-upload', 'image', await photo(), 'b.jpg')).body.url as string;
    // The post holds the image in its body HTML only, in its detail size.
    const inBody = used.replace(/([^/]+)$/, '@4x_$1');
    await t.db.db.execute(sql`insert into blog_posts (author_id, category_id, title, body, body_html, thumbnail, is_published)
      values (${admin.id}, (select id from blog_categories limit 1), 'Post', 'text', ${`<p><img src="${inBody}"></p>`}, '/uploads/blog/banner.jpg', true)`);
    for (const k of [...withVariants(keyOfUrl(used)!), ...withVariants(keyOfUrl(unused)!)]) expect(onDisk(k)).toBe(true);

    await t.db.db.execute(sql`update uploads set created_at = created_at - interval '25 hours'`);
    await t.db.db.execute(sql`update pgboss.job set start_after = start_after - interval '25 hours' where name = 'upload-orphan' and state = 'created'`);
    await t.jobs.drain();

    for (const k of withVariants(keyOfUrl(unused)!)) expect(onDisk(k)).toBe(false);
    for (const k of withVariants(keyOfUrl(used)!)) expect(onDisk(k)).toBe(true);
    expect((await t.db.db.select({ n: count() }).from(uploads))[0]!.n).toBe(0);
  });
});
