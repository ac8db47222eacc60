-- billing: one open checkout per company and product; refunded payments
--
-- A company could open several checkouts for the same Premium period (two tabs, parallel
-- requests) and pay each. Now a new checkout closes the open one of the same product in the
-- transaction that inserts it, and this index makes a second open one impossible whatever the
-- interleaving. Checkouts left open past their 24 hours read as expired; close them (and all
-- but the newest open one per product) so the index can be built. The owner may be filtered
-- by forced RLS when it is not a superuser, so lift it for this statement only.
ALTER TABLE billing_checkouts NO FORCE ROW LEVEL SECURITY;
UPDATE billing_checkouts c SET status = 'expired'
 WHERE c.status = 'open'
   AND (c.expires_at <= now()
        OR EXISTS (SELECT 1 FROM billing_checkouts n
                    WHERE n.company_id = c.company_id AND n.status = 'open' AND n.kind = c.kind
                      AND coalesce(n.plan_id, n.addon_id) = coalesce(c.plan_id, c.addon_id)
                      AND (n.created_at, n.id) > (c.created_at, c.id)));
ALTER TABLE billing_checkouts FORCE ROW LEVEL SECURITY;
CREATE UNIQUE INDEX billing_checkouts_one_open ON billing_checkouts (company_id, kind, coalesce(plan_id, addon_id))
  WHERE status = 'open';

-- A payment that arrived for a period already paid is refunded through the provider and kept in
-- the billing history as refunded, with the provider's refund id.
ALTER TABLE billing_payments DROP CONSTRAINT billing_payments_status_check;
ALTER TABLE billing_payments ADD CONSTRAINT billing_payments_status_check
  CHECK (status IN ('paid', 'failed', 'refunded'));
ALTER TABLE billing_payments ADD COLUMN provider_refund_id text;
-- Both events of a duplicate purchase (checkout.session.completed, invoice.paid) name its
-- invoice: the first refunds it, the second finds it refunded.
CREATE UNIQUE INDEX billing_payments_refunded_invoice ON billing_payments (company_id, provider_invoice_id)
  WHERE status = 'refunded';
