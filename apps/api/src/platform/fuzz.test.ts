import fc from 'fast-check';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { userTablesChecksum } from '../test/checksum';
import { listingInput } from '../test/factories';
import { SAMPLE_ADDRESS } from '../test/orders';
import { allowedCaller, buildRouteWorld, leaksIn, startFakeProviders, urlOf, type RouteWorld } from '../test/route-world';
import { routeTableOf, type RouteInfo } from './route-table';

/**
 * Every declared route that reads a body, a query, path parameters or an upload gets generated bad input, sent
 * by the caller its access rule allows (so validation, not the access check, answers). Every answer must be a
 * 2xx or a 4xx with a code; never a 5xx; a refusal changes no row; no answer leaks SQL or a stack. Seeded and
 * bounded: the same cases on every run. FUZZ_SEED and FUZZ_CASES override for a longer local hunt.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 24);

const providers = await startFakeProviders();
const t = useTestApp(providers.env);

// ---- generated values ---------------------------------------------------------------------------------------

const HUGE = 'x'.repeat(60_000);
const nul = fc.constantFrom('\u0000', 'a\u0000b', 'GMK\u0000Olivia', '\u0000'.repeat(8));
const outOfRangeNumber = fc.constantFrom(1e308, -1e308, -1, -0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 1, 21_474_837, 99_999_999, 0.001, 1e-7);
const numericText = fc.constantFrom('1e308', '-1', '21474837', '99999999', 'Infinity', 'NaN', '0x10', '1_000', ' 5 ', '１２３', '9'.repeat(400));
const badDate = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '275760-09-13T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '9999-12-31T23:59:60Z',
  '2024-02-30T00:00:00Z',
  '1970-01-01T00:00:00+99:99',
  '2026-13-01T00:00:00Z',
  'yesterday',
);
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('', ' ', '../../etc/passwd', '<script>x</script>', "' or 1=1 --", '%', '%00', 'constructor', '__proto__'));
const leaf = fc.oneof(
  { weight: 3, arbitrary: text },
  { weight: 2, arbitrary: nul },
  { weight: 2, arbitrary: outOfRangeNumber },
  { weight: 2, arbitrary: numericText },
  { weight: 2, arbitrary: badDate },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, HUGE, 0, '') },
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'name', 'price', 'ts', '__proto__', 'constructor', 'x\u0000'), tie('value'), { maxKeys: 3 }),
  ),
}));
const hugeArray = fc.constantFrom(Array.from({ length: 20_000 }, () => 1), Array.from({ length: 2_000 }, () => 'x'.repeat(20)));
const deepNesting = fc.constantFrom(JSON.parse('['.repeat(3_000) + ']'.repeat(3_000)) as unknown);
const fieldValue = fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: hugeArray }, { weight: 1, arbitrary: deepNesting });

// ---- cases --------------------------------------------------------------------------------------------------

type Case =
  | { kind: 'body'; field: string; value: unknown; proto: boolean }
  | { kind: 'rawBody'; contentType: string; body: string }
  /** raw: the values are sent as they are (URL-safe already: thousands of values with their commas unencoded). */
  | { kind: 'query'; pairs: Array<[string, string]>; raw?: boolean }
  | { kind: 'param'; name: string; raw: string }
  | { kind: 'multipart'; contentType: string; body: string }
  /** The route's valid body as JSON text, edited by `json` (escapes such as \ud800 survive only in the text). */
  | { kind: 'json'; label: string; json: (baseline: Record<string, unknown>) => string };

/** The field names of an object schema, through zod 4's pipes, effects and defaults. */
function keysOf(schema: unknown): string[] {
  let node = schema as { shape?: object; in?: unknown; def?: { in?: unknown; innerType?: unknown } } | undefined;
  for (let depth = 0; node && depth < 6; depth++) {
    if (node.shape) return Object.keys(node.shape);
    node = (node.in ?? node.def?.in ?? node.def?.innerType) as typeof node;
  }
  return [];
}

/**
 * Query values stay under 6,000 characters: Node's HTTP parser refuses a request line over 16 KB itself (431,
 * no body) before the app sees it, which says nothing about the app.
 */
const asQueryText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? '').slice(0, 6_000);

function bodyCases(route: RouteInfo): fc.Arbitrary<Case> {
  const fields = [...keysOf(route.input.body), 'extra'];
  return fc.oneof(
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('body' as const), field: fc.constantFrom(...fields), value: fieldValue, proto: fc.boolean() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('rawBody' as const),
        contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=latin1'),
        body: fc.constantFrom('[]', '"text"', '42', 'null', '{"a":', '{"__proto__":{"isAdmin":true}}', 'a[b]=1&a[c]=2&__proto__[x]=1', '{"name":"\\u0000"}', '\u0000', `{"a":"${HUGE}${HUGE}"}`),
      }),
    },
  );
}

function queryCases(route: RouteInfo): fc.Arbitrary<Case> {
  const keys = [...keysOf(route.input.query), 'extra', '__proto__'];
  const pair = fc.tuple(fc.constantFrom(...keys), fc.oneof(leaf.map(asQueryText), fc.constantFrom('%zz', '%E0%A4%A', '%00', '%ff%fe')));
  return fc.record({ kind: fc.constant('query' as const), pairs: fc.array(pair, { minLength: 1, maxLength: 4 }) });
}

function paramCases(route: RouteInfo): fc.Arbitrary<Case> {
  const raw = fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
    fc.constantFrom('%00', 'a%00b', '%zz', '%E0%A4%A', '..', '%2e%2e', '__proto__', 'constructor', 'x'.repeat(4_000), '00000000-0000-0000-0000-000000000000', '-1', '1e308', '%F0%9F%92%A9'),
  );
  return fc.record({ kind: fc.constant('param' as const), name: fc.constantFrom(...route.params), raw });
}

const part = (name: string, filename: string, content: string) =>
  `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n${content}`;
const MULTIPART_BODIES: Array<[string, string]> = [
  ['multipart/form-data', `--x\r\n${part('file', 'a.jpg', 'abc')}\r\n--x--\r\n`],
  ['multipart/form-data; boundary=nope', `--x\r\n${part('file', 'a.jpg', 'abc')}\r\n--x--\r\n`],
  ['multipart/form-data; boundary=x', `--x\r\n${part('file', 'a.jpg', 'abc')}`],
  ['multipart/form-data; boundary=x', `--x\r\n${part('file', 'a\u0000.jpg', 'abc')}\r\n--x--\r\n`],
  ['multipart/form-data; boundary=x', `--x\r\n${part('other', 'a.jpg', 'abc')}\r\n--x--\r\n`],
  ['multipart/form-data; boundary=x', `--x\r\n${part('file', 'a.jpg', 'abc')}\r\n--x\r\n${part('file', 'b.jpg', 'def')}\r\n--x--\r\n`],
  ['multipart/form-data; boundary=x', `--x\r\n${part('file', 'x'.repeat(5_000), '\u00ff\u00d8\u00ff')}\r\n--x--\r\n`],
  ['multipart/form-data; boundary=x', '--x--\r\n'],
  ['multipart/form-data; boundary=x', ''],
  ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--x--\r\n`],
];

function multipartCases(): fc.Arbitrary<Case> {
  return fc.oneof(
    fc.constantFrom(...MULTIPART_BODIES).map(([contentType, body]): Case => ({ kind: 'multipart', contentType, body })),
    fc.string({ unit: 'binary', maxLength: 200 }).map((bytes): Case => ({ kind: 'multipart', contentType: 'multipart/form-data; boundary=x', body: `--x\r\n${part('file', 'a.png', bytes)}\r\n--x--\r\n` })),
  );
}

function casesFor(route: RouteInfo): fc.Arbitrary<Case> | undefined {
  const kinds: Array<fc.Arbitrary<Case>> = [];
  if (route.input.body) kinds.push(bodyCases(route));
  if (route.input.query) kinds.push(queryCases(route));
  if (route.params.length > 0) kinds.push(paramCases(route));
  if (route.input.multipart) kinds.push(multipartCases());
  return kinds.length === 0 ? undefined : fc.oneof(...kinds);
}

// ---- the outside probe's inputs (issue 36), the same on every run: each route gets all that apply ----------

const YEAR_0 = '0000-01-01T00:00:00.000Z';
const OBJECT_KEY_NAMES = ['__proto__', 'constructor', 'prototype'] as const;
const count = (n: number, of: (i: number) => string) => Array.from({ length: n }, (_, i) => of(i)).join(',');
/** A placeholder replaced in the JSON text by an escape JSON.stringify would not write. */
const mark = (n: number) => `\u0001mark${n}\u0001`;
const withEscapes = (json: string, escapes: string[]) => escapes.reduce((text, escape, n) => text.replace(JSON.stringify(mark(n)), escape), json);

/** The query keys a route requires, valid, so that a bad cursor beside them reaches the cursor's parsing. */
const BASELINE_QUERIES: Record<string, Record<string, string>> = {
  'get /me/orders': { role: 'bought' },
  'get /me/trades': { role: 'received' },
};

/**
 * Thousands of values in each list filter the route reads (3,000 quantities: half a second of facets; 2,500 makers:
 * a 500, more values than a statement binds), with their category so the spec applies. The URL stays under Node's
 * 16 KB request line.
 */
function thousandsCases(keys: readonly string[]): Case[] {
  const cases: Case[] = [];
  const category = (id: string): Array<[string, string]> => (keys.includes('categoryIds') ? [['categoryIds', id]] : []);
  if (keys.includes('quantity')) cases.push({ kind: 'query', raw: true, pairs: [...category('parts'), ['quantity', count(3000, (i) => String(i + 1))]] });
  if (keys.includes('maker')) cases.push({ kind: 'query', raw: true, pairs: [...category('keycaps'), ['maker', count(2500, (i) => `m${i}`)]] });
  for (const key of ['categoryIds', 'regions'].filter((k) => keys.includes(k))) cases.push({ kind: 'query', raw: true, pairs: [[key, count(2000, (i) => `v${i}`)]] });
  return cases;
}

/**
 * The probe's inputs for one route: year-0 cursors and dates, lone surrogates (body strings, keys, the query's
 * percent-encoded bytes, a path parameter), object-key names as values and as keys, thousands of list values.
 */
function probeCases(route: RouteInfo, world: RouteWorld): Case[] {
  const cases: Case[] = [];
  const cursor = `${YEAR_0}_${world.itemId}`;
  if (route.input.query) {
    const keys = keysOf(route.input.query);
    // A year-0 cursor beside a valid rest of the query (so a required role does not answer first), then in every key.
    const given = Object.entries(BASELINE_QUERIES[`${route.method} ${route.path}`] ?? {});
    const cursors = keys.filter((k) => k === 'ts' || k === 'cursor' || k === 'lastKey').map((k): [string, string] => [k, k === 'ts' ? YEAR_0 : cursor]);
    if (cursors.length) cases.push({ kind: 'query', pairs: [...given, ...cursors, ...(keys.includes('cursorId') ? [['cursorId', world.itemId] as [string, string]] : [])] });
    cases.push({ kind: 'query', pairs: keys.map((k): [string, string] => [k, k === 'ts' ? YEAR_0 : cursor]) });
    cases.push({ kind: 'query', pairs: [...OBJECT_KEY_NAMES.map((k): [string, string] => [k, 'x']), ...keys.slice(0, 2).map((k): [string, string] => [k, '%ED%A0%80'])] });
    // Each key once with an object-key name as its value ('categoryIds=constructor' answered 500 on the facets).
    keys.forEach((k, i) => cases.push({ kind: 'query', pairs: [[k, OBJECT_KEY_NAMES[i % OBJECT_KEY_NAMES.length]!]] }));
    cases.push(...thousandsCases(keys));
  }
  for (const name of route.params) {
    cases.push({ kind: 'param', name, raw: encodeURIComponent(cursor) }, { kind: 'param', name, raw: '%ED%A0%80' });
  }
  if (route.input.body && route.method !== 'get' && route.method !== 'delete') {
    const fields = keysOf(route.input.body);
    const first = fields[0] ?? 'extra';
    const edit = (label: string, change: (body: Record<string, unknown>) => void, escapes: string[] = []): Case => ({
      kind: 'json',
      label,
      json: (baseline) => {
        const body = { ...baseline };
        change(body);
        return withEscapes(JSON.stringify(body), escapes);
      },
    });
    cases.push(
      edit('a lone surrogate in a value', (b) => (b[first] = mark(0)), ['"x\\ud800"']),
      edit('a lone low surrogate deep in a value', (b) => (b.extra = { a: [mark(0)] }), ['"\\udc00"']),
      edit('a lone surrogate as a key', (b) => (b[mark(0)] = 1), ['"\\udbff"']),
      edit('object-key names as keys, nested', (b) => (b[first] = { constructor: { prototype: { x: 1 } } })),
      edit('prototype as a key', (b) => (b.prototype = {})),
    );
    // Each field once with a lone surrogate, and once with an object-key name or a year-0 date as its value.
    const values = [...OBJECT_KEY_NAMES, YEAR_0, cursor];
    fields.forEach((field, i) => {
      cases.push(edit(`${field}: a lone surrogate`, (b) => (b[field] = mark(0)), ['"\\ud800"']));
      cases.push(edit(`${field}: ${values[i % values.length]}`, (b) => (b[field] = values[i % values.length])));
    });
  }
  return cases;
}

// ---- valid starting points, so one bad field reaches the later rules --------------------------------------

function baselineBody(route: RouteInfo, world: RouteWorld): Record<string, unknown> {
  // With offer guardrails set (issue 16), so a bad price or flag reaches their rules too.
  const listing = listingInput(world.owner.id, { autoDeclineBelow: '150', autoAcceptAt: '200' });
  const samples: Record<string, Record<string, unknown>> = {
    'post /item': listing,
    'put /item/:id': listing,
    'post /item/:id': listing,
    'post /item/:itemId/comment': { body: 'Is it still available?' },
    'post /signup': { username: 'fresh_user', password: 'password123', email: 'fresh@example.com', shippingRegion: 'US' },
    'post /login': { username: world.owner.username, password: 'wrong password' },
    'post /contact': { email: 'me@example.com', reason: 'Bug', message: 'Hello' },
    'post /me/account': { username: world.owner.username, shippingRegion: 'US', bio: 'Hi' },
    'post /me/password': { currentPassword: 'wrong password', password: 'password123' },
    'post /searchItems': { searchText: 'gmk' },
    'post /password/forgot': { email: 'me@example.com' },
    // The owner offers on the other user's listing (the owner's own would be refused before the price is read).
    'post /offer': { itemId: world.otherItemId, offerPrice: '80', offerShippingPrice: 10 },
    'post /offer/:id/counter-seller': { counterPrice: '90' },
    'post /offer/:id/counter-buyer': { counterPrice: '85' },
    // The owner proposes a trade on the other user's listing (open to trades), offering their own listing.
    'post /trade': { itemId: world.otherItemId, offeredItemIds: [world.itemId], cashToSeller: '40', message: 'Tofu65 and $40?' },
    'post /trade/:id/counter': { cashToSeller: '25', message: 'Meet in the middle?' },
    'post /payment/item/create': { _id: world.otherItemId, price: 100, shippingPrice: 10 },
    'post /payment/item/cancel': { _id: world.otherItemId },
    'post /user/feedback': { sellerId: world.other.id, itemId: world.otherItemId, description: 3, communication: 4, shipping: 5, comment: 'Fast shipping' },
    'post /blog': { categoryId: 'news', thumbnail: '/uploads/demo/banner.jpg', title: 'Group buy roundup', body: 'What is running this month.', bodyHTML: '<p>What is running this month.</p>' },
    'post /blog/comment': { blogId: world.blogPostId, body: 'Nice write-up' },
    'post /blog/giveaway/enter': { blogId: world.blogPostId, fullName: 'Alex Keeb' },
    'post /admin/updates': { subject: 'New on the marketplace', body: 'Want-lists are coming.' },
    'post /me/wants': { searchText: 'gmk olivia', categoryIds: ['keycaps'], regions: ['US'], maxPrice: '250', saleTypeId: 'individual' },
    // Issue 36: the routes the probe found answering 500 for a lone surrogate, valid but for the field it goes in.
    'put /me/address': { ...SAMPLE_ADDRESS },
    'post /order/:id/ship': { trackingNumber: '9400111899223197428490', carrier: 'usps' },
    'post /order/:id/problem': { reason: 'other', details: 'The box was empty.' },
    'put /me/wants/:id': { searchText: 'gmk olivia', categoryIds: ['keycaps'], regions: ['US'], maxPrice: 250, saleTypeId: null, paused: false },
  };
  return { ...(samples[`${route.method} ${route.path}`] ?? {}) };
}

// ---- sending -------------------------------------------------------------------------------------------------

let addressCounter = 0;

async function sendCase(route: RouteInfo, world: RouteWorld, c: Case) {
  const caller = allowedCaller(route, world);
  let url = urlOf(route, world, c.kind === 'param' ? { [c.name]: c.raw } : {});
  if (c.kind === 'query') url += `?${c.pairs.map(([k, v]) => `${encodeURIComponent(k)}=${c.raw || /^%/.test(v) ? v : encodeURIComponent(v)}`).join('&')}`;
  const http = supertest(t.app);
  const request = http[route.method](url)
    .set('Cookie', caller.client.cookie)
    .set('X-XSRF-TOKEN', caller.client.xsrf)
    // A different address per case (the app trusts the loopback proxy), so per-address rate limits let the
    // validation answer rather than 429 after the first few cases.
    .set('X-Forwarded-For', `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`);
  if (route.method === 'get' || route.method === 'delete') return request;
  if (c.kind === 'body') {
    const body = baselineBody(route, world);
    body[c.field] = c.value;
    let json = JSON.stringify(body);
    if (c.proto) json = `{"__proto__":${JSON.stringify(c.value) ?? 'null'},${json.slice(1)}`.replace(',}', '}');
    return request.set('Content-Type', 'application/json').send(json);
  }
  if (c.kind === 'json') return request.set('Content-Type', 'application/json').send(c.json(baselineBody(route, world)));
  if (c.kind === 'rawBody' || c.kind === 'multipart') return request.set('Content-Type', c.contentType).send(Buffer.from(c.body, 'utf8'));
  return request.set('Content-Type', 'application/json').send(JSON.stringify(baselineBody(route, world)));
}

const describeCase = (c: Case) => (c.kind === 'json' ? `json: ${c.label}` : JSON.stringify(c, (_k, v: unknown) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length})` : v)).slice(0, 300));

describe('fuzz: bad input on every route', () => {
  it('never answers 5xx, always a code, and a refusal changes nothing', { timeout: 600_000 }, async () => {
    const started = Date.now();
    const routes = routeTableOf(t.app).routes;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let fuzzed = 0;
    let cases = 0;
    let probes = 0;
    let serverErrors = 0;
    for (const [index, route] of routes.entries()) {
      const arbitrary = casesFor(route);
      if (!arbitrary) continue;
      fuzzed++;
      await t.db.reset();
      const world = await buildRouteWorld(t);
      const name = `${route.method.toUpperCase()} ${route.path}`;
      let checksum = await userTablesChecksum(t.db.db);
      const probe = probeCases(route, world);
      probes += probe.length;
      for (const c of [...probe, ...fc.sample(arbitrary, { seed: SEED + index, numRuns: CASES_PER_ROUTE })]) {
        cases++;
        const res = await sendCase(route, world, c);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // What an accepted call queued runs now, so its rows count as this call's: a shipment's tracking sync
        // finishing during the next call read as that refusal changing rows (seen on PostgreSQL, whose job workers
        // run beside the requests). Only after accepted calls: waking every queue's worker after each of ~3,800
        // calls tripled the file's time on PGlite.
        if (res.status < 400) await t.jobs.drain();
        const after = await userTablesChecksum(t.db.db);
        const body = res.body as { message?: unknown };
        const problems: string[] = [];
        if (res.status >= 500) {
          serverErrors++;
          problems.push(`answered ${res.status}`);
        } else if (res.status >= 400) {
          if (typeof body?.message !== 'string') problems.push(`answered ${res.status} without a code`);
          if (after !== checksum) problems.push(`answered ${res.status} but changed rows`);
        }
        problems.push(...leaksIn(res.text ?? '', world, allowedCaller(route, world)));
        if (problems.length > 0) failures.push(`${name} ${describeCase(c)}: ${problems.join(', ')} ${String(res.text).slice(0, 160)}`);
        checksum = after;
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(' ');
    console.info(`fuzz: ${routes.length} routes in the table, ${fuzzed} fuzzed, ${cases} cases (${probes} of them the probe's), ${serverErrors} 5xx, ${seconds}s (seed ${SEED}; ${byStatus})`);
    expect(failures).toEqual([]);
  });
});
