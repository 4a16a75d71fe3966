/**
 * EXPLAIN ANALYZE of each case's page queries, built by the API's own code (service.listOptionsFor, repo.withTsquery,
 * repo.listQuery, search-window.ts) with the same values, reduced to a one-line shape: node types and index names.
 */
import { sql } from 'drizzle-orm';
import { ItemListQuerySchema } from '@keeb/shared';
import type { Database } from '../apps/api/src/db/client';
import * as repo from '../apps/api/src/modules/discovery/repo';
import { ITEM_PAGE_SQL } from '../apps/api/src/modules/items/detail-repo';
import { beforeWindow, windowOf } from '../apps/api/src/modules/discovery/search-window';
import { listOptionsFor } from '../apps/api/src/modules/discovery/service';
import { RECEIVED_PAGE_SQL } from '../apps/api/src/modules/offers/repo';
import type { BenchCase } from './cases';

interface PlanNode {
  'Node Type': string;
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

async function explain(db: Database, options: repo.ListOptions): Promise<Plan> {
  const result = (await db.execute(sql`explain (analyze, format json) ${repo.listQuery(db, options)}`)) as unknown as {
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
 * API then answers [] without a page query). A newest-first search is its window query, then, when the window
 * did not fill the page, the query for the older listings (search-window.ts, newestFirstSearchPage).
 */
export async function planOf(db: Database, c: BenchCase): Promise<Plan | undefined> {
  if (c.kind === 'item') return explainItemPage(db, c.itemIds![0]!);
  if (c.kind === 'offers') return explainStatement(db, RECEIVED_PAGE_SQL, [c.sellerId!, null, null]);
  const options = await repo.withTsquery(db, listOptionsFor(c.scope!, ItemListQuerySchema.parse(c.query)));
  if (!options) return undefined;
  const window = options.search && options.sort === 'def' ? await windowOf(db, options) : undefined;
  if (!window) return explain(db, options);
  const newestDay = repo.listDay(options.cursor.ts ? new Date(options.cursor.ts) : new Date());
  const label = `last ${newestDay - window.fromDay!} days${window.walkWindow ? ', walked' : ''}`;
  const recent = await explain(db, window);
  const found = (await repo.listQuery(db, window)).length;
  if (found === options.limit) return { ...recent, shape: `${label}: ${recent.shape}` };
  const older = await explain(db, beforeWindow(window, found));
  return {
    shape: `${label} (${found} rows): ${recent.shape}, then older: ${older.shape}`,
    seqScan: recent.seqScan || older.seqScan,
    executionMs: recent.executionMs + older.executionMs,
  };
}
