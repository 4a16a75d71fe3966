/**
 * EXPLAIN ANALYZE of each case's page queries, built by the API's own code (service.listOptionsFor, searchTiers,
 * listQuery, search-statement.ts) with the same values, reduced to a one-line shape: node types and index names.
 */
import { sql } from 'drizzle-orm';
import { ITEM_PAGE_SIZE, ItemListQuerySchema } from '@keeb/shared';
import type { Database } from '../apps/api/src/db/client';
import { hasCursor } from '../apps/api/src/modules/discovery/list-cursor';
import type { ListOptions } from '../apps/api/src/modules/discovery/list-options';
import { listQuery } from '../apps/api/src/modules/discovery/list-page';
import { searchTiers, withTsquery } from '../apps/api/src/modules/discovery/search-tsqueries';
import { ITEM_PAGE_SQL } from '../apps/api/src/modules/items/detail-repo';
import { searchRead, searchStatementForExplain, type SearchRead } from '../apps/api/src/modules/discovery/search-statement';
import { facetFieldsOf, facetsStatement } from '../apps/api/src/modules/discovery/facets';
import { listOptionsFor } from '../apps/api/src/modules/discovery/service';
import { specPlanFor } from '../apps/api/src/modules/discovery/spec-plan';
import { RECEIVED_PAGE_SQL } from '../apps/api/src/modules/offers/repo';
import { PROFILE_BY_ID_SQL } from '../apps/api/src/modules/discovery/profile-header';
import type { BenchCase } from './cases';

interface PlanNode {
  'Node Type': string;
  'Subplan Name'?: string;
  'Actual Loops'?: number;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Join Type'?: string;
  Plans?: PlanNode[];
}

export interface Plan {
  shape: string;
  /** A sequential scan over listings (or their shipping rows): the thing the indexes exist to avoid. */
  seqScan: boolean;
  executionMs: number;
}

/** Tables a list query must never read in full. */
const BIG_TABLES = new Set(['items', 'item_shipping', 'offers']);

function label(node: PlanNode): string {
  const type = node['Join Type'] && node['Join Type'] !== 'Inner' ? `${node['Node Type']} (${node['Join Type']})` : node['Node Type'];
  if (node['Index Name']) return `${type} ${node['Index Name']}`;
  if (node['Relation Name']) return `${type} on ${node['Relation Name']}`;
  return type;
}

function shapeOf(node: PlanNode): string {
  const children = node.Plans ?? [];
  if (children.length === 0) return label(node);
  if (children.length === 1) return `${label(node)} > ${shapeOf(children[0]!)}`;
  return `${label(node)} [${children.map(shapeOf).join(' ; ')}]`;
}

function hasSeqScan(node: PlanNode): boolean {
  if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'] ?? '')) return true;
  return (node.Plans ?? []).some(hasSeqScan);
}

function planFrom(rows: Array<Record<string, unknown>>): Plan {
  const raw = Object.values(rows[0]!)[0];
  const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode; 'Execution Time': number }>;
  return { shape: shapeOf(top!.Plan), seqScan: hasSeqScan(top!.Plan), executionMs: top!['Execution Time'] };
}

async function explain(db: Database, options: ListOptions): Promise<Plan> {
  const result = (await db.execute(sql`explain (analyze, format json) ${listQuery(db, options)}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return planFrom(result.rows);
}

/** A statement written in SQL with positional parameters, as both drivers' clients take them. */
async function explainStatement(db: Database, text: string, params: unknown[]): Promise<Plan> {
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> } }).$client;
  return planFrom((await client.query(`explain (analyze, format json) ${text}`, params)).rows);
}

/** The item page's one statement (detail-repo.ts) for a listing, as a visitor opens it ($1 item, $2 viewer). */
const explainItemPage = (db: Database, itemId: string) => explainStatement(db, ITEM_PAGE_SQL, [itemId, null]);

/**
 * The plans of the queries the API runs for the case's page. Undefined when its search cannot match anything (the
 * API then answers [] without a page query). A search is one statement (search-statement.ts): its parts, each a
 * tier's window or the listings before it, are shown in order, with those its gates kept from reading as such.
 */
export async function planOf(db: Database, c: BenchCase): Promise<Plan | undefined> {
  if (c.kind === 'item') return explainItemPage(db, c.itemIds![0]!);
  if (c.kind === 'offers') return explainStatement(db, RECEIVED_PAGE_SQL, [c.sellerId!, null, null]);
  // Issue 37: the profile header's one statement (profile-header.ts), as a visitor opens it by id ($2: no viewer).
  if (c.kind === 'profile') return explainStatement(db, PROFILE_BY_ID_SQL, [c.sellerId!, null]);
  const options = listOptionsFor(c.scope!, ItemListQuerySchema.parse(c.query));
  // Issue 37: a spec-filtered page walked or read by its matches, as the service chooses (spec-plan.ts).
  options.specPlan = await specPlanFor(db, options);
  // Issue 29: the facet counts' one statement (facets.ts): from the counters when it can, else every value's capped count.
  if (c.kind === 'facets') {
    const resolved = await withTsquery(db, options);
    if (!resolved) return undefined;
    const result = (await db.execute(sql`explain (analyze, format json) ${facetsStatement(resolved, facetFieldsOf(options.categoryIds ?? []))}`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    const plan = planFrom(result.rows);
    // A scalar subquery per value: the distinct nodes say how they run.
    return { ...plan, shape: `one statement, every value: ${[...new Set(plan.shape.split(/ \[| ; |\] ?| > /).filter(Boolean))].join(', ')}` };
  }
  if (!options.search) return explain(db, options);
  const tiers = await searchTiers(db, options);
  if (!tiers) return undefined;
  const read = await searchRead(db, tiers.exact, tiers.typo, ITEM_PAGE_SIZE, hasCursor(options.sort, options.cursor));
  // One part and no cursor check: the API runs that part's list query alone.
  if (read.parts.length === 1 && !read.check) {
    const alone = await explain(db, read.parts[0]!.options);
    return { ...alone, shape: `one query: [${partLabels(read)[0]}] ${alone.shape}` };
  }
  const result = (await db.execute(sql`explain (analyze, format json) ${searchStatementForExplain(db, read)}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const plan = planFrom(result.rows);
  const raw = Object.values(result.rows[0]!)[0];
  const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return { ...plan, shape: `one statement: ${searchParts(top!.Plan, read)}` };
}

/** What each part of a search statement is: its tier, and how its listings are read (search-window.ts). */
function partLabels(read: SearchRead): string[] {
  const labels: string[] = [];
  const tiers = [
    ['exact', read.exact],
    ['typos from the start', read.typoFromStart],
    ['typos after the cursor', read.typoAfter],
  ] as const;
  for (const [name, tier] of tiers) {
    if (!tier) continue;
    const o = read.parts[tier.first]!.options;
    labels[tier.first] = `${name}, ${o.fromDay !== undefined ? `window${o.walkWindow ? ' walked' : ''}` : o.byWords ? 'by words' : 'whole tier'}`;
    if (tier.older !== undefined) labels[tier.older] = `${name}, before the window`;
  }
  return labels;
}

const readsListings = (node: PlanNode): boolean =>
  ((node['Relation Name'] === 'items' || node['Index Name']?.startsWith('items_') === true) && (node['Actual Loops'] ?? 0) > 0) || (node.Plans ?? []).some(readsListings);

/** Each part's plan in order (the CTE search_part_N), or that its gate kept it from reading. */
function searchParts(top: PlanNode, read: SearchRead): string {
  const labels = partLabels(read);
  const found: string[] = [];
  const visit = (node: PlanNode) => {
    const name = /^CTE search_part_(\d+)$/.exec(node['Subplan Name'] ?? '');
    if (name) {
      const i = Number(name[1]);
      found[i] = `[${labels[i]}] ${readsListings(node) ? shapeOf(node) : 'not read'}`;
    }
    (node.Plans ?? []).forEach(visit);
  };
  visit(top);
  return found.filter(Boolean).join(' ; ');
}
