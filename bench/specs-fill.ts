/**
 * Issue 29: the bench listings' specs, as a real market spreads them (65%, 75% and TKL the common boards, hot-swap
 * about 60%, Cherry-profile PBT/ABS caps...). Most listings have some specs; about one in ten has none (listed
 * before specs existed). SQL expressions for fill.ts's insert, evaluated per row (they read the row's `cat`).
 */
import * as v from './vocabulary';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * A value drawn by weight: [value, weight] pairs (whole weights), each value repeated by its weight in one array
 * indexed by one random() per row. No subquery: one that reads nothing of the row would be drawn once for all.
 */
function weighted(pairs: ReadonlyArray<readonly [string, number]>): string {
  return uniform(pairs.flatMap(([value, w]) => Array<string>(w).fill(value)));
}
/** The value with this probability, else no key (jsonb_strip_nulls drops it). */
const some = (p: number, value: string) => `case when random() < ${p} then ${value} end`;
const uniform = (words: readonly string[]) => `(${`ARRAY[${words.map(quote).join(',')}]::text[]`})[1 + floor(random() * ${words.length})::int]`;

const CONDITION = weighted([['new-in-box', 18], ['new-open-box', 14], ['used-like-new', 32], ['used', 31], ['for-parts', 5]]);

const KEYBOARD = `jsonb_build_object(
  'size', ${some(0.9, weighted([['65%', 25], ['75%', 20], ['tkl', 18], ['60%', 12], ['full', 7], ['1800', 5], ['40%', 4], ['alice/ergonomic', 4], ['split', 3], ['numpad', 2]]))},
  'layout', ${some(0.75, weighted([['ansi', 80], ['iso', 12], ['jis', 3], ['other', 5]]))},
  'mounting', ${some(0.85, weighted([['hot-swap', 60], ['solder', 40]]))},
  'mountStyle', ${some(0.6, weighted([['gasket', 35], ['top', 20], ['tray', 15], ['sandwich', 5], ['leaf-spring', 8], ['o-ring', 7], ['integrated-plate', 5], ['other', 5]]))},
  'caseMaterial', ${some(0.7, weighted([['aluminum', 45], ['polycarbonate', 15], ['acrylic', 10], ['plastic', 20], ['wood', 3], ['brass', 2], ['steel', 2], ['other', 3]]))},
  'plateMaterial', ${some(0.6, weighted([['aluminum', 30], ['brass', 10], ['fr4', 20], ['polycarbonate', 15], ['pom', 8], ['steel', 7], ['carbon-fiber', 5], ['none', 3], ['other', 2]]))},
  'connection', ${some(0.7, weighted([['wired', 55], ['wireless', 10], ['tri-mode', 35]]))},
  'built', ${some(0.7, weighted([['built', 70], ['unbuilt', 30]]))},
  'includes', ${some(0.6, `${weighted([['["switches"]', 30], ['["keycaps"]', 15], ['["switches","keycaps"]', 55]])}::jsonb`)})`;

const KEYCAPS = `jsonb_build_object(
  'profile', ${some(0.9, weighted([['cherry', 45], ['oem', 10], ['sa', 15], ['dsa', 5], ['xda', 8], ['kat', 4], ['mt3', 8], ['other', 5]]))},
  'material', ${some(0.8, weighted([['pbt', 60], ['abs', 35], ['pom', 2], ['other', 3]]))},
  'legends', ${some(0.7, weighted([['doubleshot', 45], ['dye-sub', 40], ['pad-printed', 5], ['blank', 10]]))},
  'maker', ${some(0.7, uniform(['GMK', 'GMK', 'GMK', 'ePBT', 'Signature Plastics', 'JTK', 'PBTfans', 'Domikey', 'KAM', 'Keyreative', 'Drop', 'Akko', 'NovelKeys']))},
  'kits', ${some(0.6, `${weighted([['["base"]', 40], ['["base","novelties"]', 30], ['["base","novelties","spacebars"]', 10], ['["alphas"]', 10], ['["novelties"]', 10]])}::jsonb`)})`;

const ARTISAN = `jsonb_build_object('maker', ${some(0.9, uniform(v.ARTISAN_MAKERS))}, 'sculpt', ${some(0.7, uniform(v.ARTISAN_SCULPTS))},
  'colorway', ${some(0.6, uniform(v.ARTISAN_COLOURS))})`;

/** A part's kind decides whether it has switch specs (they belong to switches only). */
const PART = `(select jsonb_build_object('kind', k) || case when k = 'switches' then jsonb_build_object(
    'switchType', ${some(0.9, weighted([['linear', 50], ['tactile', 35], ['clicky', 5], ['silent', 10]]))},
    'quantity', ${some(0.8, `(${uniform(['35', '45', '70', '70', '90', '90', '110', '120', '150'])})::int`)},
    'lubed', ${some(0.8, 'random() < 0.45')}, 'filmed', ${some(0.7, 'random() < 0.3')}) else '{}'::jsonb end
  from (select ${weighted([['switches', 55], ['stabilizers', 15], ['pcb', 8], ['plate', 6], ['case', 5], ['foam', 4], ['springs', 4], ['other', 3]])} as k where cat = 'parts') p)`;

const ACCESSORY = `jsonb_build_object('kind', ${some(0.9, weighted([['deskmat', 35], ['cable', 25], ['wrist-rest', 12], ['carrying-case', 8], ['tools', 10], ['lube', 5], ['other', 5]]))})`;

/** A row's specs (jsonb, as items.specs holds them): nothing for one listing in ten, else its category's. */
export const SPECS = `(case when random() < 0.1 then '{}'::jsonb else jsonb_strip_nulls(
    (case cat when 'keyboards' then ${KEYBOARD} when 'keycaps' then ${KEYCAPS} when 'artisan' then ${ARTISAN}
      when 'parts' then ${PART} else ${ACCESSORY} end)
    || jsonb_build_object('condition', ${some(0.85, CONDITION)})) end)`;

/** items.spec_tags from items.specs, as specTags() writes them: '<key>:<value>', text in lower case, a tag per list value. */
export const tagsOf = (specs: string) => `array(select e.key || ':' || lower(x.v) from jsonb_each(${specs}) e
  cross join lateral (select jsonb_array_elements_text(e.value) as v where jsonb_typeof(e.value) = 'array'
                      union all select e.value #>> '{}' where jsonb_typeof(e.value) <> 'array') x order by e.key || ':' || lower(x.v) collate "C")`;
