-- A quantity received against a purchase order's line: its "receive" row on the quantity ledger
-- names the order, as a serialised reception's item events do (item_events.purchase_order_id).
-- No index: orders are never deleted (the foreign key is never checked from the order's side) and
-- nothing lists a ledger by order; a model's ledger reads its own index.
ALTER TABLE quantity_moves ADD COLUMN purchase_order_id uuid,
  ADD FOREIGN KEY (company_id, purchase_order_id) REFERENCES purchase_orders(company_id, id),
  ADD CHECK (purchase_order_id IS NULL OR kind = 'receive');
