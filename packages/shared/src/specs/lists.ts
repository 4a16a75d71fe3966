/**
 * Issue 29: what a listing is, as the hobby describes it. Every list of spec values lives here, once: the sell form,
 * the API's validation, the feed's filters, the facet counts and the want form all read these.
 *
 * Values are written in lower case with hyphens for spaces ('65%', 'tkl', 'hot-swap', 'new-in-box'); each has the
 * label the screens show. Switches are a kind of part (the spec's five categories have no 'switches'): the switch
 * specs belong to Parts and only to a part whose kind is 'switches' (or not given).
 */
import type { CategoryId } from '../reference/data';

export interface Choice {
  value: string;
  label: string;
}

const choices = (...pairs: Array<[value: string, label: string]>): readonly Choice[] => pairs.map(([value, label]) => ({ value, label }));

/**
 * How a spec is given: one value of a list ('choice'), several values of a list ('multi'), yes or no ('flag', written
 * 'true' or 'false' in the tags and the query), a whole number ('count'), or a short free text ('text', e.g. a maker).
 */
export type SpecKind = 'choice' | 'multi' | 'flag' | 'count' | 'text';

export interface SpecField {
  key: SpecKey;
  label: string;
  kind: SpecKind;
  /** For 'choice' and 'multi'. */
  choices?: readonly Choice[];
}

/** Free-text specs (makers, sculpts, colorways) hold at most this many characters. */
export const SPEC_TEXT_MAX = 60;
/** A switch lot's quantity: 1 to this. */
export const SPEC_QUANTITY_MAX = 10_000;

export const CONDITIONS = choices(
  ['new-in-box', 'New in box'],
  ['new-open-box', 'New, open box'],
  ['used-like-new', 'Used, like new'],
  ['used', 'Used'],
  ['for-parts', 'For parts'],
);

export const BOARD_SIZES = choices(
  ['40%', '40%'],
  ['60%', '60%'],
  ['65%', '65%'],
  ['75%', '75%'],
  ['tkl', 'TKL'],
  ['1800', '1800'],
  ['full', 'Full size'],
  ['alice/ergonomic', 'Alice/ergonomic'],
  ['split', 'Split'],
  ['numpad', 'Numpad'],
);
export const LAYOUTS = choices(['ansi', 'ANSI'], ['iso', 'ISO'], ['jis', 'JIS'], ['other', 'Other']);
export const MOUNTINGS = choices(['hot-swap', 'Hot-swap'], ['solder', 'Solder']);
export const MOUNT_STYLES = choices(
  ['gasket', 'Gasket'],
  ['top', 'Top mount'],
  ['tray', 'Tray mount'],
  ['sandwich', 'Sandwich'],
  ['leaf-spring', 'Leaf spring'],
  ['o-ring', 'O-ring'],
  ['integrated-plate', 'Integrated plate'],
  ['other', 'Other'],
);
export const CASE_MATERIALS = choices(
  ['aluminum', 'Aluminum'],
  ['polycarbonate', 'Polycarbonate'],
  ['acrylic', 'Acrylic'],
  ['plastic', 'Plastic'],
  ['wood', 'Wood'],
  ['brass', 'Brass'],
  ['steel', 'Steel'],
  ['other', 'Other'],
);
export const PLATE_MATERIALS = choices(
  ['aluminum', 'Aluminum'],
  ['brass', 'Brass'],
  ['fr4', 'FR4'],
  ['polycarbonate', 'Polycarbonate'],
  ['pom', 'POM'],
  ['steel', 'Steel'],
  ['carbon-fiber', 'Carbon fiber'],
  ['none', 'No plate'],
  ['other', 'Other'],
);
export const CONNECTIONS = choices(['wired', 'Wired'], ['wireless', 'Wireless'], ['tri-mode', 'Tri-mode']);
export const BUILT = choices(['built', 'Built'], ['unbuilt', 'Unbuilt']);
export const BOARD_INCLUDES = choices(['switches', 'Switches'], ['keycaps', 'Keycaps']);

export const KEYCAP_PROFILES = choices(
  ['cherry', 'Cherry'],
  ['oem', 'OEM'],
  ['sa', 'SA'],
  ['dsa', 'DSA'],
  ['xda', 'XDA'],
  ['kat', 'KAT'],
  ['mt3', 'MT3'],
  ['other', 'Other'],
);
export const KEYCAP_MATERIALS = choices(['abs', 'ABS'], ['pbt', 'PBT'], ['pom', 'POM'], ['other', 'Other']);
export const LEGENDS = choices(['doubleshot', 'Doubleshot'], ['dye-sub', 'Dye-sub'], ['pad-printed', 'Pad-printed'], ['blank', 'Blank']);
export const KEYCAP_KITS = choices(
  ['base', 'Base'],
  ['alphas', 'Alphas'],
  ['modifiers', 'Modifiers'],
  ['novelties', 'Novelties'],
  ['spacebars', 'Spacebars'],
  ['numpad', 'Numpad'],
  ['40s', '40s'],
  ['international', 'International'],
  ['other', 'Other'],
);

export const SWITCH_TYPES = choices(['linear', 'Linear'], ['tactile', 'Tactile'], ['clicky', 'Clicky'], ['silent', 'Silent']);
export const PART_KINDS = choices(
  ['switches', 'Switches'],
  ['stabilizers', 'Stabilizers'],
  ['pcb', 'PCB'],
  ['plate', 'Plate'],
  ['case', 'Case'],
  ['foam', 'Foam'],
  ['springs', 'Springs'],
  ['other', 'Other'],
);
export const ACCESSORY_KINDS = choices(
  ['deskmat', 'Deskmat'],
  ['cable', 'Cable'],
  ['wrist-rest', 'Wrist rest'],
  ['carrying-case', 'Carrying case'],
  ['tools', 'Tools'],
  ['lube', 'Lube'],
  ['other', 'Other'],
);

/** Every spec key on the wire (the item's `specs`, the feed's query parameters, the want's `specs`). */
export const SPEC_KEYS = [
  'size',
  'layout',
  'mounting',
  'mountStyle',
  'caseMaterial',
  'plateMaterial',
  'connection',
  'built',
  'includes',
  'profile',
  'material',
  'legends',
  'maker',
  'kits',
  'switchType',
  'quantity',
  'lubed',
  'filmed',
  'sculpt',
  'colorway',
  'kind',
  'condition',
] as const;
export type SpecKey = (typeof SPEC_KEYS)[number];

const field = (key: SpecKey, label: string, kind: SpecKind, list?: readonly Choice[]): SpecField => ({ key, label, kind, ...(list ? { choices: list } : {}) });

const CONDITION = field('condition', 'Condition', 'choice', CONDITIONS);
/** The switch specs: Parts only, and only on a part whose kind is 'switches' or not given. */
export const SWITCH_KEYS: readonly SpecKey[] = ['switchType', 'quantity', 'lubed', 'filmed'];

/** Each category's specs, in the order the sell form, the item page and the filters show them. */
export const CATEGORY_SPECS: Record<CategoryId, readonly SpecField[]> = {
  keyboards: [
    field('size', 'Size', 'choice', BOARD_SIZES),
    field('layout', 'Layout', 'choice', LAYOUTS),
    field('mounting', 'Switch mounting', 'choice', MOUNTINGS),
    field('mountStyle', 'Mount style', 'choice', MOUNT_STYLES),
    field('caseMaterial', 'Case material', 'choice', CASE_MATERIALS),
    field('plateMaterial', 'Plate material', 'choice', PLATE_MATERIALS),
    field('connection', 'Connection', 'choice', CONNECTIONS),
    field('built', 'Built or unbuilt', 'choice', BUILT),
    field('includes', 'Included', 'multi', BOARD_INCLUDES),
    CONDITION,
  ],
  keycaps: [
    field('profile', 'Profile', 'choice', KEYCAP_PROFILES),
    field('material', 'Material', 'choice', KEYCAP_MATERIALS),
    field('legends', 'Legends', 'choice', LEGENDS),
    field('maker', 'Maker', 'text'),
    field('kits', 'Kits included', 'multi', KEYCAP_KITS),
    CONDITION,
  ],
  artisan: [field('maker', 'Maker', 'text'), field('sculpt', 'Sculpt', 'text'), field('colorway', 'Colorway', 'text'), CONDITION],
  parts: [
    field('kind', 'Kind', 'choice', PART_KINDS),
    field('switchType', 'Switch type', 'choice', SWITCH_TYPES),
    field('quantity', 'Quantity', 'count'),
    field('lubed', 'Lubed', 'flag'),
    field('filmed', 'Filmed', 'flag'),
    CONDITION,
  ],
  accessories: [field('kind', 'Kind', 'choice', ACCESSORY_KINDS), CONDITION],
};

/** The fields of a category (unknown categories: condition only, which every listing has). */
export const specFieldsOf = (categoryId: string): readonly SpecField[] =>
  // Own keys only (issue 36): a category named 'constructor' or '__proto__' read the Object function or prototype.
  Object.hasOwn(CATEGORY_SPECS, categoryId) ? CATEGORY_SPECS[categoryId as CategoryId] : [CONDITION];

/** The label of one value of a field ('65%' -> '65%', 'tkl' -> 'TKL', 'true' -> 'Yes'); text and counts as given. */
export function specValueLabel(field: SpecField, value: string): string {
  if (field.kind === 'flag') return value === 'true' ? 'Yes' : 'No';
  return field.choices?.find((c) => c.value === value)?.label ?? value;
}
