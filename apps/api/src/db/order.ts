import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * Newest (largest) first in the NULLS order of the index that serves it: drizzle-kit writes a `.desc()` index column
 * as DESC NULLS LAST, while drizzle's `desc()` sorts DESC (NULLS FIRST), so PostgreSQL cannot walk the index for it
 * and sorts every row instead (a chat history page: 4.3 ms with a sort, 0.13 ms walking the index). The columns are
 * NOT NULL: only the plan changes.
 */
export const descNullsLast = (column: SQLWrapper) => sql`${column} desc nulls last`;
