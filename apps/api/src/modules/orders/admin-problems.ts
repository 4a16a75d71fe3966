import { ORDER_ERRORS, type AdminProblem, type OrderDetail, type OrderSummary } from '@keeb/shared';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import * as mails from './mail-templates';
import type { OrderItemRef, OrderNotices } from './notices';
import * as repo from './repo';

type Person = { _id: string; username: string; avatar: string | null };

export interface AdminProblemsDeps {
  db: Database;
  notices: OrderNotices;
  pageSize: number;
  decodeCursor(cursor: string): { at: string; id: string };
  summary(v: repo.OrderView, viewerId: string): OrderSummary;
  person(id: string, username: string, avatar: string | null, removed: boolean): Person;
  refOf(v: repo.OrderView): OrderItemRef;
  detail(viewerId: string, id: string): Promise<OrderDetail>;
  /** Ends the open problem and moves the order back (service.ts, shared with the buyer's 'Mark resolved'). */
  endProblem(tx: Tx, order: repo.OrderRow, resolution: 'resolved' | 'closed', by: string | null): Promise<unknown>;
}

/** The admins' side of problems (issue 26): the open ones, oldest first, and closing one. */
export function createAdminProblems(deps: AdminProblemsDeps) {
  const { db, notices } = deps;
  const notFound = () => new AppError(404, ORDER_ERRORS.notFound);
  const invalidState = () => new AppError(409, ORDER_ERRORS.invalidState);

  return {
    /** GET /api/admin/problems: open problems oldest first; cursor `${openedAt}_${problemId}`. */
    async openProblems(cursor: string | undefined): Promise<AdminProblem[]> {
      const c = cursor ? deps.decodeCursor(cursor) : undefined;
      const rows = await repo.openProblemsPage(db, c ? { openedAt: c.at, id: c.id } : undefined, deps.pageSize);
      return rows.map((r) => {
        const { otherUser: _seller, ...order } = deps.summary(r, r.order.buyerId);
        return {
          _id: r.problem.id,
          reason: r.problem.reason,
          details: r.problem.details,
          openedAt: r.problem.openedAt.toISOString(),
          order,
          buyer: deps.person(r.order.buyerId, r.buyerUsername, r.buyerAvatar, r.buyerRemoved),
          seller: deps.person(r.order.sellerId, r.sellerUsername, r.sellerAvatar, r.sellerRemoved),
        };
      });
    },

    /**
     * POST /api/admin/problems/:id/close: an admin closes an open problem; the order goes back to where it was.
     * Issue 36: both sides are mailed the outcome in the same transaction (the job queue sends it), each in their
     * own words, and pushed.
     */
    async closeProblem(adminId: string, problemId: string) {
      if (!isUuid(problemId)) throw notFound();
      const problem = await repo.findProblem(db, problemId);
      if (!problem) throw notFound();
      const pushes = notices.pushes();
      await db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, problem.orderId);
        const v = order && (await repo.orderView(tx, problem.orderId));
        if (!order || !v) throw notFound();
        const current = await repo.findProblem(tx, problemId);
        if (!current || current.resolvedAt || order.status !== 'problem') throw invalidState();
        await deps.endProblem(tx, order, 'closed', adminId);
        const shipped = order.shippedAt !== null;
        const url = notices.orderUrl(order.id);
        for (const [userId, side] of [[order.buyerId, 'buyer'], [order.sellerId, 'seller']] as const) {
          await notices.mail(tx, userId, side, `problem-closed:${problemId}:${side}`, (c) => mails.problemClosedMail(c.email, c.username, side, v.itemName, current.reason, shipped, url));
        }
        pushes.update([order.buyerId, order.sellerId], deps.refOf(v), shipped ? 'shipped' : 'paid', `The problem with ${v.itemName} was closed by the team.`);
        pushes.counts([order.buyerId, order.sellerId]);
      });
      pushes.flush();
      return deps.detail(adminId, problem.orderId);
    },
  };
}
