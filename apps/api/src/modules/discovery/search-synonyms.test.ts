import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { synonymsIn } from '../../db/search-synonyms';

// Issue 29: search understands the hobby's synonyms (SEARCH_SYNONYMS), both ways.
const t = useTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function catalogue() {
  const seller = await createUser(t.db.db);
  const make = (name: string, m: number, description = 'Lightly used.') => createItem(t.db.db, seller.id, { name, description, timeListed: minutesAgo(m) });
  return {
    tkl: await make('Owlab Spring TKL', 1),
    tenkeyless: await make('Leopold FC750R tenkeyless', 2),
    pct: await make('Tofu 65% aluminium', 3),
    percent: await make('Aluminium case', 4, 'A 65 percent board, lightly used.'),
    hotSwap: await make('KBD67 Lite hot-swap', 5),
    hotswap: await make('NK65 hotswap entry', 6),
    bnib: await make('GMK Olive base BNIB', 7),
    newInBox: await make('GMK Laser base', 8, 'Still new in box, sealed.'),
    unrelated: await make('Walnut wrist rest', 9, 'Box included, like new.'),
  };
}

const search = async (text: string) => {
  const res = await (await t.client()).get(`/api/items?searchText=${encodeURIComponent(text)}`);
  expect(res.status).toBe(200);
  return (res.body as Array<{ _id: string }>).map((i) => i._id);
};

describe('synonymsIn', () => {
  it('finds the groups a text names, longest form first, and keeps the rest', () => {
    expect(synonymsIn('Owlab TKL')).toEqual({ groups: [0], rest: 'owlab' });
    expect(synonymsIn('65 percent hot-swappable board')).toEqual({ groups: [1, 5], rest: 'board' });
    expect(synonymsIn('new   in box olivia')).toEqual({ groups: [6], rest: 'olivia' });
    expect(synonymsIn('alice/ergonomic')).toEqual({ groups: [13], rest: '' });
    // A form inside a longer word or number is not the form.
    expect(synonymsIn('tkls 165% hotswapper')).toEqual({ groups: [], rest: 'tkls 165% hotswapper' });
  });
});

describe('search with synonyms', () => {
  it.each([
    ['tkl', ['tkl', 'tenkeyless']],
    ['tenkeyless', ['tkl', 'tenkeyless']],
    ['65%', ['pct', 'percent']],
    ['65 percent', ['pct', 'percent']],
    ['hotswap', ['hotSwap', 'hotswap']],
    ['hot-swap', ['hotSwap', 'hotswap']],
    ['bnib', ['bnib', 'newInBox']],
    ['new in box', ['bnib', 'newInBox']],
  ] as const)("'%s' finds both forms", async (text, names) => {
    const c = await catalogue();
    expect(await search(text)).toEqual(names.map((n) => c[n].id));
  });

  it('keeps the other words of the search, and a phrase stays a phrase', async () => {
    const c = await catalogue();
    expect(await search('leopold tkl')).toEqual([c.tenkeyless.id]);
    expect(await search('gmk bnib')).toEqual([c.bnib.id, c.newInBox.id]);
    expect(await search('kbd67 hotswap')).toEqual([c.hotSwap.id]);
    // 'new' and 'box' apart are not 'new in box'.
    expect(await search('bnib')).not.toContain(c.unrelated.id);
  });

  it('leaves a search without synonyms as it was, typos included', async () => {
    const c = await catalogue();
    expect(await search('walnut')).toEqual([c.unrelated.id]);
    expect(await search('tenkeyles')).toEqual([c.tenkeyless.id]);
    // A typo beside a synonym still finds, once.
    expect(await search('leopld tkl')).toEqual([c.tenkeyless.id]);
  });
});
