import express from 'express';
import { z } from 'zod';
import { PaymentCancelInputSchema, PaymentCreateInputSchema, PaymentProcessInputSchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { AppError, parseInput } from '../../platform/errors';
import { returnBase } from '../../platform/public-url';
import { route, type RouteSpec } from '../../platform/route-table';
import type { Config } from '../../config';
import type { PaymentsService } from './service';

/** Spec part 2, section 7: Purchase / Pay Now creates the payment; the return from the provider processes it. */
export function paymentsRoutes(deps: { payments: PaymentsService; config: Config }): RouteSpec[] {
  const { payments } = deps;
  return [
    route({
      method: 'post', path: '/payment/item/create', access: 'signedIn', input: { body: PaymentCreateInputSchema },
      handler: async (req, res) => {
        const { _id } = parseInput(PaymentCreateInputSchema, req.body);
        res.json(await payments.create(userIdOf(req), _id, returnBase(deps.config, req)));
      },
    }),
    // Ours (issue 25): the lock holder's Cancel; the service answers not_found to anyone else.
    route({
      method: 'post', path: '/payment/item/cancel', access: 'signedIn', input: { body: PaymentCancelInputSchema },
      handler: async (req, res) => {
        const { _id } = parseInput(PaymentCancelInputSchema, req.body);
        res.json(await payments.cancel(userIdOf(req), _id));
      },
    }),
    route({
      method: 'post', path: '/payment/item/process', access: 'signedIn', input: { body: PaymentProcessInputSchema },
      handler: async (req, res) => {
        const input = parseInput(PaymentProcessInputSchema, req.body);
        res.json(await payments.process(userIdOf(req), (input.orderId ?? input.token)!));
      },
    }),
  ];
}

/**
 * POST /api/payment/webhook: the provider calls it, with no session and no XSRF token; its signature is the
 * proof, checked against the exact bytes received (so the body is read raw, on this route only).
 */
/** The event, read raw: its shape is the provider's, and only a verified event is parsed (by the service). */
const WebhookEventSchema = z.looseObject({ id: z.string(), event_type: z.string() });

export function paymentWebhookRoutes(deps: { payments: PaymentsService; bodyLimit: string | number }): RouteSpec[] {
  return [
    route({
      method: 'post', path: '/payment/webhook', access: 'public', input: { body: WebhookEventSchema },
      after: [express.raw({ type: () => true, limit: deps.bodyLimit })],
      handler: async (req, res) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (raw.length === 0 || !(await deps.payments.receiveWebhook(req.headers, raw))) throw new AppError(400, 'invalid_signature');
        res.json({ ok: true });
      },
    }),
  ];
}
