import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

const t = useTestApp();

describe('unexpected errors', () => {
  it('answer 500 something_went_wrong without leaking internals', async () => {
    const client = await t.client();
    // A real failure: the database goes away under the app.
    await t.db.close();
    const res = await client.get('/api/items');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'something_went_wrong' });
    expect(JSON.stringify(res.body)).not.toMatch(/select|stack|closed/i);
    const health = await client.get('/api/health');
    expect(health.status).toBe(503);
  });
});
