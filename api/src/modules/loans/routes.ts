import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { permit, inWorkTransaction } from '../../access/index.js';
import { columnsOf, csvAnswers, listOrCsv } from '../../lib/csv.js';
import { answers, IdParams } from '../../lib/schemas.js';
import { IdempotencyHeaders, once } from '../idempotency/index.js';
import { actorOf } from '../items/index.js';
import * as S from './schemas.js';
import * as service from './service.js';

// Lending is items.lend's; who reads reports sees the loans too (what is out, with whom, until when).
const READ = permit('items.lend', 'reports.view');
const LEND = permit('items.lend');

export const loanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['loans'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', inWorkTransaction);

  app.get(
    '/api/loans',
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'listLoans',
        description:
          'Loans, keyset-paged: open ones soonest due first (the overdue ones lead), only the overdue ones, the returned ones, or all; one item’s with itemId. CSV: every loan of the view.',
        querystring: S.LoanListQuery,
        response: csvAnswers(S.LoanPage),
      },
    },
    async (request, reply) =>
      listOrCsv(app, request, reply, {
        filename: 'loans',
        columns: columnsOf(S.LoanSchema),
        page: (q, at) => service.listLoans(q, { ...request.query, ...at }),
      }),
  );

  app.get(
    '/api/loans/borrowers',
    {
      schema: {
        ...common,
        ...LEND,
        operationId: 'listLoanBorrowers',
        description:
          'Whom an item may be lent to: active users of the company and active customers matching q (20 of each at most).',
        querystring: S.BorrowerQuery,
        response: answers(S.BorrowerList),
      },
    },
    (request) => app.inCompany(request, (q) => service.borrowers(q, request.query.q)),
  );

  app.get(
    '/api/loans/:id',
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'getLoan',
        params: IdParams,
        response: answers(S.LoanSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.getLoan(q, request.params.id)),
  );

  app.post(
    '/api/loans',
    {
      schema: {
        ...common,
        ...LEND,
        operationId: 'checkOutItem',
        description:
          'Checks an item out to an active user or customer until dueAt (in the future). The item must be in stock, reserved or returned (409 ITEMS_REFUSED otherwise, and when it is on loan already); it becomes on_loan — still counted as stock, refused by every sale — and its history gets a check_out event. With an Idempotency-Key, a resend answers the first loan.',
        headers: IdempotencyHeaders,
        body: S.CheckOutBody,
        response: answers(S.LoanSchema, 201),
      },
    },
    async (request, reply) => {
      const answer = await app.inCompany(request, (q) =>
        once(q, request, 201, () => service.checkOut(q, actorOf(request), request.body)),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/api/loans/:id/check-in',
    {
      schema: {
        ...common,
        ...LEND,
        operationId: 'checkInLoan',
        description:
          'Checks a loan in: the item is what it was before the check-out again (sellable again if it was), and its history gets a check_in event. 409 LOAN_CLOSED when it was checked in already.',
        params: IdParams,
        body: S.CheckInBody,
        response: answers(S.LoanSchema),
      },
    },
    (request) =>
      app.inCompany(request, (q) => service.checkIn(q, actorOf(request), request.params.id, request.body ?? {})),
  );
};
