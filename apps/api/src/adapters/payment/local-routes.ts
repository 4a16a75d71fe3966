import type { Request, RequestHandler, Response } from 'express';
import { ERROR_CODES, type MailingAddress } from '@keeb/shared';
import { z } from 'zod';
import { AppError, parseInput } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
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
 * Where PayPal knows its payer's addresses, the page asks for one, filled in with the buyer's saved mailing
 * address; Pay Now with the form left empty takes that saved address. No routes when the provider is PayPal.
 *
 * Issue 36: an address is shown (asked for, filled in, or the one paid with) only to the buyer whose purchase it is,
 * signed in as that buyer (`payerOf`); anyone else holding the link sees the payee, the item and the amount, and
 * cannot pay (403). Like PayPal, a shipped item's payment is not approved without an address ('Enter the address
 * to ship to.'); a trade's cash (no parcel of its own: the trade's orders ship to saved addresses) needs none.
 */
export function paymentStandInRoutes(
  payments: PaymentProvider,
  deps: {
    savedAddress?: (userId: string) => Promise<MailingAddress | null>;
    payerOf?: (purchaseId: string) => Promise<{ buyerId: string; ships: boolean } | undefined>;
  } = {},
): RouteSpec[] {
  if (!(payments instanceof LocalPaymentProvider)) return [];
  const local = payments;
  const orderOf = async (orderId: string) => {
    const order = await local.find(orderId);
    if (!order) throw new AppError(404, ERROR_CODES.notFound);
    return order;
  };
  /**
   * Who is looking: the purchase's buyer (signed in as them) or someone else; and whether an address is needed.
   * An order with no purchase on record (made straight through the provider, as the stand-in's own tests do; the
   * app never does) has no buyer to protect: whoever holds the link pays, with no address required.
   */
  const viewerOf = async (req: Request, order: LocalOrder) => {
    const payer = deps.payerOf && isUuid(order.purchaseId) ? await deps.payerOf(order.purchaseId) : undefined;
    const userId = req.session?.userId;
    if (!payer) return { isBuyer: true, ships: false, userId };
    return { isBuyer: Boolean(userId && payer.buyerId === userId), ships: payer.ships, userId };
  };
  const savedAddressOf = async (userId: string | undefined) => (userId && deps.savedAddress ? deps.savedAddress(userId) : null);
  const page = (req: Request, res: Response, status: number, order: LocalOrder, address: ApprovalAddress | null) =>
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
        const viewer = await viewerOf(req, order);
        if (!viewer.isBuyer) return page(req, res, 200, order, null);
        // Back on the page after Pay Now: the address already given; else the saved one.
        page(req, res, 200, order, { values: order.shipping ?? (await savedAddressOf(viewer.userId)) });
      },
    }),
    route({
      method: 'post', path: `${LOCAL_APPROVAL_PATH}/:orderId`, access: 'public', before: [orderIdParam], input: { body: ApprovalActionSchema },
      handler: async (req, res) => {
        const { action, [XSRF_FORM_FIELD]: _token, ...fields } = parseInput(ApprovalActionSchema, req.body);
        const order = await orderOf(String(req.params.orderId));
        // 303: the browser follows with a GET, as it does leaving PayPal.
        if (action === 'cancel') return res.redirect(303, order.cancelUrl);
        const viewer = await viewerOf(req, order);
        if (!viewer.isBuyer) return page(req, res, 403, order, null);
        const form = parseAddressForm(fields);
        if ('error' in form) return page(req, res, 400, order, { values: fields, error: form.error });
        const shipping = 'address' in form ? form.address : ((await savedAddressOf(viewer.userId)) ?? undefined);
        if (!shipping && viewer.ships && !order.payerId) {
          return page(req, res, 400, order, { values: fields, error: { field: 'name', message: 'Enter the address to ship to.' } });
        }
        const returnTo = await local.approve(order.id, shipping);
        if (!returnTo) throw new AppError(404, ERROR_CODES.notFound);
        res.redirect(303, returnTo);
      },
    }),
  ];
}
