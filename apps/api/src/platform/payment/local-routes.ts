import type { RequestHandler } from 'express';
import { ERROR_CODES } from '@keeb/shared';
import { z } from 'zod';
import { AppError, parseInput } from '../errors';
import { route, type RouteSpec } from '../route-table';
import { XSRF_FORM_FIELD, xsrfTokenOf } from '../xsrf';
import { approvalPage, approvalPagePolicy } from './local-approval-page';
import { LOCAL_APPROVAL_PATH, LOCAL_ORDER_ID, LocalPaymentProvider } from './local';
import type { PaymentProvider } from './provider';

/** The paths whose forms may carry the XSRF token in a field (xsrfProtection's formPaths). */
export const LOCAL_APPROVAL_FORM_PATHS = new RegExp(`^${LOCAL_APPROVAL_PATH.replace(/\//g, '\\/')}\\/`);

const ApprovalActionSchema = z.object({
  action: z.enum(['pay', 'cancel'], { error: ERROR_CODES.badRequest }),
  [XSRF_FORM_FIELD]: z.string().optional(),
});

/** Order ids have PayPal's shape; anything else names no order (404) without a query. */
const orderIdParam: RequestHandler = (req, _res, next) => {
  next(LOCAL_ORDER_ID.test(String(req.params.orderId)) ? undefined : new AppError(404, ERROR_CODES.notFound));
};

/**
 * The local stand-in's approval page, standing where PayPal's checkout page would: the buyer sees the payee, the
 * item and the amount, and Pay Now approves the order and sends the browser to the return URL with `token` and
 * `PayerID`, Cancel to the cancel URL as it is - exactly what PayPal does. Public, like PayPal's page: whoever
 * holds the order's link (the buyer our app sent there) may approve it, which is all approval means here.
 * No routes when the provider is PayPal.
 */
export function paymentStandInRoutes(payments: PaymentProvider): RouteSpec[] {
  if (!(payments instanceof LocalPaymentProvider)) return [];
  const local = payments;
  const orderOf = async (orderId: string) => {
    const order = await local.find(orderId);
    if (!order) throw new AppError(404, ERROR_CODES.notFound);
    return order;
  };
  return [
    route({
      method: 'get', path: `${LOCAL_APPROVAL_PATH}/:orderId`, access: 'public', before: [orderIdParam],
      handler: async (req, res) => {
        const order = await orderOf(String(req.params.orderId));
        res
          .status(200)
          .set('Content-Security-Policy', approvalPagePolicy(order))
          .type('html')
          .send(approvalPage(order, `/api${LOCAL_APPROVAL_PATH}/${order.id}`, xsrfTokenOf(req)));
      },
    }),
    route({
      method: 'post', path: `${LOCAL_APPROVAL_PATH}/:orderId`, access: 'public', before: [orderIdParam], input: { body: ApprovalActionSchema },
      handler: async (req, res) => {
        const { action } = parseInput(ApprovalActionSchema, req.body);
        const order = await orderOf(String(req.params.orderId));
        // 303: the browser follows with a GET, as it does leaving PayPal.
        if (action === 'cancel') return res.redirect(303, order.cancelUrl);
        const returnTo = await local.approve(order.id);
        if (!returnTo) throw new AppError(404, ERROR_CODES.notFound);
        res.redirect(303, returnTo);
      },
    }),
  ];
}
