import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../../../lib/errors.js';
import { thisMachineOnly } from '../../../../lib/network.js';
import { ErrorResponse } from '../../../../lib/schemas.js';
import { CardForm, CheckoutParams } from '../../schemas.js';
import { cancelCheckout, findCheckout, localPaymentEvents } from '../../service.js';
import { WEBHOOK_PATH } from '../provider.js';
import { stripeSdk } from '../stripe-sdk.js';
import { payable, renderCheckout } from './checkout-page.js';
import { chargeTestCard } from './test-cards.js';

/**
 * The embedded checkout's pages (a development stand-in, never in production, this machine
 * only): a plain HTML form that takes Stripe's test cards and, on payment, delivers Stripe-signed
 * events to the real webhook route, as Stripe would.
 */
export const localCheckoutRoutes: FastifyPluginAsyncTypebox<{ webhookSecret: string }> = async (
  scope,
  { webhookSecret },
) => {
  const app = scope;
  // A development stand-in: for a browser on this machine only.
  scope.addHook('onRequest', thisMachineOnly);
  const page = scope.withTypeProvider<TypeBoxTypeProvider>();
  await page.register(formbody, { bodyLimit: 4096 });
  // HTML for people; the one JSON error shape when the id names no checkout.
  const html = {
    200: Type.String({ description: 'HTML page' }),
    '4xx': Type.Union([Type.String(), ErrorResponse]),
    '5xx': ErrorResponse,
  };
  const load = async (id: string) => {
    const found = await findCheckout(app.db, app.config.publicUrl, id);
    if (!found) throw notFound('This checkout does not exist.');
    return found;
  };

  page.get(
    '/api/billing/checkout/:id',
    {
      schema: {
        tags: ['billing'],
        operationId: 'localCheckoutPage',
        description: 'The embedded checkout page (HTML).',
        params: CheckoutParams,
        response: html,
      },
    },
    async (request, reply) => {
      const { view } = await load(request.params.id);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderCheckout(view));
    },
  );

  page.post(
    '/api/billing/checkout/:id/pay',
    {
      schema: {
        tags: ['billing'],
        operationId: 'localCheckoutPay',
        description:
          'Pays with a Stripe test card: 4242… pays (303 to the success page), 4000 0000 0000 0002 is declined (402, the page again).',
        consumes: ['application/x-www-form-urlencoded'],
        params: CheckoutParams,
        body: CardForm,
        response: html,
      },
    },
    async (request, reply) => {
      const { companyId, view } = await load(request.params.id);
      // A double submit of a paid checkout lands on the success page again; a closed checkout
      // (canceled, expired, replaced by a newer one) or one for a plan the company has now is
      // refused here, before any card is charged.
      if (view.status === 'completed') return reply.redirect(view.successUrl, 303);
      if (!payable(view))
        return reply
          .status(409)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderCheckout(view));
      const card = request.body;
      const result = chargeTestCard(card);
      if (!result.paid) {
        const values = { ...card, cvc: '' };
        return reply
          .status(402)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderCheckout(view, { values, error: { message: result.message, field: result.field } }));
      }
      // Delivered the way Stripe delivers: signed with the SDK, to the webhook route.
      const Stripe = await stripeSdk();
      for (const event of await localPaymentEvents(app.db, companyId, view.id)) {
        const payload = JSON.stringify(event);
        const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
        const res = await app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
        });
        if (res.statusCode !== 200) throw new Error(`local webhook delivery failed: ${res.statusCode} ${res.body}`);
      }
      return reply.redirect(view.successUrl, 303);
    },
  );

  page.post(
    '/api/billing/checkout/:id/cancel',
    {
      schema: {
        tags: ['billing'],
        operationId: 'localCheckoutCancel',
        description: 'Leaves the checkout unpaid and returns to Stockwise (303).',
        consumes: ['application/x-www-form-urlencoded'],
        params: CheckoutParams,
        response: html,
      },
    },
    async (request, reply) => {
      const { companyId, view } = await load(request.params.id);
      if (view.status === 'open') await cancelCheckout(app.db, companyId, view.id);
      return reply.redirect(view.status === 'completed' ? view.successUrl : view.cancelUrl, 303);
    },
  );
};
