import { describe, expect, it } from 'vitest';
import { useTestApp, type TestClient } from '../test/app';
import { allowedCaller, buildRouteWorld, leaksIn, send, startFakeProviders, urlOf, type Person, type RouteWorld } from '../test/route-world';
import { routeTableOf, type RouteInfo } from './route-table';

/**
 * Every declared route, called logged out, as another ordinary user and as the caller its rule allows, must
 * answer what its access rule says, and no answer may carry anyone else's private data, SQL or a stack. The cases
 * come from the route table: a route is covered by being declared.
 */
const providers = await startFakeProviders();
const t = useTestApp(providers.env);

let world: RouteWorld;

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function call(route: RouteInfo, client: TestClient): Promise<Answer> {
  const res = await send(client, route, urlOf(route, world));
  return { status: res.status, body: res.body, text: res.text };
}

function expectNoLeak(answer: Answer, viewer: Person | undefined) {
  const leaks = leaksIn(answer.text, world, viewer);
  if (leaks.length > 0) throw new Error(`carries ${leaks.join(', ')}: ${answer.text.slice(0, 300)}`);
}

const MUST_LOGIN = { message: 'must login' };
let cases = 0;

describe('access matrix', () => {
  // One test walking the table (read from the app, which exists only once the hooks ran); each route starts
  // from empty user tables and a fresh world.
  it('holds for every declared route', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    const routes = routeTableOf(t.app).routes;
    for (const route of routes) {
      await t.db.reset();
      world = await buildRouteWorld(t);
      const name = `${route.method.toUpperCase()} ${route.path} (${route.access})`;
      const check = (what: string, ok: boolean, answer: Answer) => {
        cases++;
        if (!ok) failures.push(`${name}: ${what}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      };
      try {
        const anonymous = await call(route, await t.client());
        expectNoLeak(anonymous, undefined);
        if (route.access === 'public') {
          check('logged out is let through', anonymous.status < 500 && anonymous.status !== 401, anonymous);
        } else {
          check('logged out answers 401 must login', anonymous.status === 401 && JSON.stringify(anonymous.body) === JSON.stringify(MUST_LOGIN), anonymous);
        }

        const other = await call(route, world.other.client);
        expectNoLeak(other, world.other);
        if (route.access === 'owner') check("another user is refused (403/404)", other.status === 403 || other.status === 404, other);
        else if (route.access === 'admin') check('a non-admin is refused (403)', other.status === 403, other);
        else check('another user is let through', other.status < 500 && other.status !== 401 && other.status !== 403, other);

        // Last: the allowed call may change or end things (remove, logout).
        const caller = allowedCaller(route, world);
        const allowed = await call(route, caller.client);
        expectNoLeak(allowed, caller);
        check('the allowed caller gets an answer or a validation code', allowed.status < 500 && ![401, 403].includes(allowed.status) && (allowed.status < 400 || typeof (allowed.body as { message?: unknown }).message === 'string'), allowed);
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message.slice(0, 400)}`);
      }
    }
    console.info(`access matrix: ${routes.length} routes, ${cases} cases, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
});
