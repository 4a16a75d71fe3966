import type { Request, RequestHandler, Response } from 'express';
import { ERROR_CODES, type MailingAddress } from '@keeb/shared';
import { z } from 'zod';
import { AppError, parseInput } from '../../platform/errors';
import { route, type RouteSpec } from '../../platform/route-table';
import { XSRF_FORM_FIELD, xsrfTokenOf } from '../../platform/xsrf';
import { AddressFormFields, parseAddressForm } from './local-address-form';
import { approvalPage, approvalPagePolicy, type ApprovalAddress } from './local-approval-page';
import { LOCAL_APPROVAL_PATH, LOCAL_ORDER_ID, LocalPaymentProvider, type LocalOrder } from './local';
import type { PaymentProvider } from './provider';

/** The paths whose forms may carry the XSRF token in a field (xsrfProtection's formPaths). */
export const LOCAL_APPROVAL_FORM_PATHS = new RegExp(`^${LOCAL_APPROVAL_PATH.replace(/\//g, '\\/')}\\/`);

const ApprovalActionSchema = z.object({
  action: z.enum(['pay', 'cancel'], { error: ERROR_CODES.badRequest }),
  [XSRF_FORM_FIELD]: z.string().optional(),
  ...AddressFormFields,
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
 * Where PayPal knows its payer's addresses, the page asks for one, filled in with the signed-in visitor's saved
 * mailing address (`savedAddress`, read from the session: only ever one's own); Pay Now with the form left empty
 * takes that saved address, or none. No routes when the provider is PayPal.
 */
export function paymentStandInRoutes(payments: PaymentProvider, deps: { savedAddress?: (userId: string) => Promise<MailingAddress | null> } = {}): RouteSpec[] {
  if (!(payments instanceof LocalPaymentProvider)) return [];
  const local = payments;
  const orderOf = async (orderId: string) => {
    const order = await local.find(orderId);
    if (!order) throw new AppError(404, ERROR_CODES.notFound);
    return order;
  };
  const savedAddressOf = async (req: Request) => {
    const userId = req.session?.userId;
    return userId && deps.savedAddress ? deps.savedAddress(userId) : null;
  };
  const page = (req: Request, res: Response, status: number, order: LocalOrder, address: ApprovalAddress) =>
    res
      .status(status)
      .set('Content-Security-Policy', approvalPagePolicy(order))
      .type('html')
      .send(approvalPage(order, `/api${LOCAL_APPROVAL_PATH}/${order.id}`, xsrfTokenOf(req), address));
  return [
    route({
      method: 'get', path: `${LOCAL_APPROVAL_PATH}/:orderId`, access: 'public', before: [orderIdParam],
      handler: async (req, res) => {
        const order = await orderOf(String(req.params.orderId));
        // Back on the page after Pay Now: the address already given; else the saved one.
        page(req, res, 200, order, { values: order.shipping ?? (await savedAddressOf(req)) });
      },
    }),
    route({
      method: 'post', path: `${LOCAL_APPROVAL_PATH}/:orderId`, access: 'public', before: [orderIdParam], input: { body: ApprovalActionSchema },
      handler: async (req, res) => {
        const { action, [XSRF_FORM_FIELD]: _token, ...fields } = parseInput(ApprovalActionSchema, req.body);
        const order = await orderOf(String(req.params.orderId));
        // 303: the browser follows with a GET, as it does leaving PayPal.
        if (action === 'cancel') return res.redirect(303, order.cancelUrl);
        const form = parseAddressForm(fields);
        if ('error' in form) return page(req, res, 400, order, { values: fields, error: form.error });
        const shipping = 'address' in form ? form.address : ((await savedAddressOf(req)) ?? undefined);
        const returnTo = await local.approve(order.id, shipping);
        if (!returnTo) throw new AppError(404, ERROR_CODES.notFound);
        res.redirect(303, returnTo);
      },
    }),
  ];
}
