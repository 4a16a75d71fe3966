import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CATEGORY_SPECS, specTag, specTags, type ItemSpecs } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

// Issue 36 (walkthrough item 4): search finds a listing by its spec values and condition as it finds it by its
// words, and a word, its synonym and its corrected typo list the same listings.
const t = useTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function catalogue() {
  const seller = await createUser(t.db.db);
  const make = (name: string, m: number, specs: ItemSpecs, description = 'Lightly used.') =>
    createItem(t.db.db, seller.id, { name, description, specs, specTags: specTags(specs), timeListed: minutesAgo(m) });
  return {
    // Named for its specs...
    namedHotswap: await make('NK65 hotswap entry', 1, {}),
    namedAluminium: await make('Tofu65 aluminium case', 2, {}),
    // ...and silent about them: only the specs say so.
    specHotswap: await make('Mode Sonnet', 3, { size: '65%', mounting: 'hot-swap', caseMaterial: 'aluminum', condition: 'used' }),
    specNewInBox: await make('Keychron Q1', 4, { size: 'tkl', mounting: 'solder', caseMaterial: 'aluminum', condition: 'new-in-box' }),
    specOpenBox: await make('Zoom65', 5, { size: '65%', mounting: 'hot-swap', caseMaterial: 'polycarbonate', condition: 'new-open-box' }),
    plain: await make('Walnut wrist rest', 6, {}, 'Box included, like new.'),
    // Only its description says it.
    described: await make('Brass weight', 7, {}, 'Fits any aluminium case.'),
  };
}

const search = async (text: string) => {
  const res = await (await t.client()).get(`/api/items?searchText=${encodeURIComponent(text)}`);
  expect(res.status).toBe(200);
  return (res.body as Array<{ _id: string }>).map((i) => i._id);
};

describe('search by spec values (issue 36)', () => {
  it('finds the switch mounting, the same for every form of the word', async () => {
    const c = await catalogue();
    const expected = [c.namedHotswap.id, c.specHotswap.id, c.specOpenBox.id];
    for (const text of ['hotswap', 'hot-swap', 'hot swap', 'Hot-swappable']) expect(await search(text), text).toEqual(expected);
  });

  it('finds the condition: bnib and new in box, never an open box', async () => {
    const c = await catalogue();
    for (const text of ['bnib', 'new in box', 'new-in-box']) expect(await search(text), text).toEqual([c.specNewInBox.id]);
    expect(await search('open box')).toEqual([c.specOpenBox.id]);
  });

  it("finds the case material under either spelling and through a typo: 'aluminum', 'aluminium', 'alumnium'", async () => {
    const c = await catalogue();
    const expected = [c.namedAluminium.id, c.specHotswap.id, c.specNewInBox.id, c.described.id];
    for (const text of ['aluminum', 'aluminium', 'alumnium', 'Aluminum']) expect(await search(text), text).toEqual(expected);
  });

  it("finds the size: '65%', '65 percent' and '65 %' list the same boards", async () => {
    const c = await catalogue();
    const expected = [c.specHotswap.id, c.specOpenBox.id];
    for (const text of ['65%', '65 percent', '65 %']) expect(await search(text), text).toEqual(expected);
  });

  it('keeps the other words: a name word and a spec value together', async () => {
    const c = await catalogue();
    expect(await search('sonnet hotswap')).toEqual([c.specHotswap.id]);
    expect(await search('keychron bnib')).toEqual([c.specNewInBox.id]);
    expect(await search('keychron hotswap')).toEqual([]);
  });

  it('a spec value typed with a typo finds what the value finds, and is offered as the suggestion', async () => {
    const c = await catalogue();
    expect(await search('polycarbonat')).toEqual([c.specOpenBox.id]);
    const res = await (await t.client()).get('/api/items/suggest?searchText=polykarbonate');
    expect(res.body).toEqual({ suggestions: ['polycarbonate'] });
  });

  it("offers no 'Did you mean' for a synonym that finds listings: 'hotswap' is not a typo of 'hot-swap'", async () => {
    const seller = await createUser(t.db.db);
    const specs: ItemSpecs = { mounting: 'hot-swap', caseMaterial: 'aluminum', condition: 'new-in-box' };
    const board = await createItem(t.db.db, seller.id, { name: 'KBD67 Lite', description: 'Sealed.', specs, specTags: specTags(specs) });
    for (const text of ['hotswap', 'bnib', 'aluminium']) {
      expect(await search(text), text).toEqual([board.id]);
      const res = await (await t.client()).get(`/api/items/suggest?searchText=${encodeURIComponent(text)}`);
      expect(res.body, text).toEqual({ suggestions: [] });
    }
  });

  it("gives search every word of each value's label, leaving out what a board includes, counts and 'other' or 'none'", async () => {
    const words = async (text: string) => {
      const r = (await t.db.db.execute(sql`select coalesce(array_agg(w order by w), '{}') as w from unnest(tsvector_to_array(to_tsvector('simple', ${text}))) w`)) as unknown as { rows: Array<{ w: string[] }> };
      return r.rows[0]!.w;
    };
    const specWords = async (tag: string) => {
      const r = (await t.db.db.execute(sql`select spec_search_text(array[${tag}]::text[]) as t`)) as unknown as { rows: Array<{ t: string }> };
      return words(r.rows[0]!.t);
    };
    for (const fields of Object.values(CATEGORY_SPECS)) {
      for (const field of fields) {
        for (const choice of field.choices ?? []) {
          const tag = specTag(field.key, choice.value);
          const found = await specWords(tag);
          if (field.key === 'includes' || choice.value === 'other' || choice.value === 'none') expect(found, tag).toEqual([]);
          else expect(found, tag).toEqual(expect.arrayContaining(await words(choice.label)));
        }
      }
    }
    expect(await specWords('lubed:true')).toEqual(['lubed']);
    expect(await specWords('lubed:false')).toEqual([]);
    expect(await specWords('quantity:65')).toEqual([]);
    expect(await specWords('maker:gmk')).toEqual(['gmk']);
  });
});
