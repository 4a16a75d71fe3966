import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { grantAdmin } from './admin';

const t = useTestApp();

describe('granting admin rights (ADMIN_USERNAMES and npm run admin)', () => {
  it('grants by username without regard to case and reports who matched', async () => {
    await createUser(t.db.db, { username: 'Alice' });
    const bob = await createUser(t.db.db, { username: 'bob' });
    const granted = await grantAdmin(t.db.db, ['alice', 'nobody']);
    expect(granted).toEqual(['Alice']);
    const bobClient = await t.clientAs(bob.id);
    expect((await bobClient.get('/api/me/admin')).body).toEqual({ p: false });
  });
});
