-- quantity stock: goods that are not serialised (cables, cases, screen protectors) — a product model
-- tracked by quantity per location instead of one row per item. What is on hand at each location,
-- the append-only ledger of every change to it (receive, sell, move, count, return, void), and sale
-- lines that are a model × quantity instead of an item.

-- A model is tracked one way: by unit (its items) or by quantity (the rows below). The API refuses
-- the switch while the model has items, and back while any is on hand (docs/domain-quantity-stock.md).
ALTER TABLE product_models ADD COLUMN tracked_by_quantity boolean NOT NULL DEFAULT false;

-- What is on hand of a quantity model at a location: one row, locked (a conditional UPDATE) by
-- every change, so two tills selling the last one queue and the second finds too few. Never below 0.
CREATE TABLE quantity_stock (
  company_id uuid NOT NULL REFERENCES companies(id),
  model_id uuid NOT NULL,
  location_id uuid NOT NULL,
  on_hand integer NOT NULL CHECK (on_hand >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, model_id, location_id),
  FOREIGN KEY (company_id, model_id) REFERENCES product_models(company_id, id),
  FOREIGN KEY (company_id, location_id) REFERENCES locations(company_id, id)
);
SELECT stockwise_tenant_table('quantity_stock');
REVOKE DELETE ON quantity_stock FROM stockwise_app;

-- The ledger: one row per change of one location's quantity, with what it belongs to. A move writes
-- two rows (out of one location, into the other) sharing a transfer id; a sale one row per line.
-- on_hand_after: the location's quantity once this row was applied (the ledger reads as a statement).
CREATE TABLE quantity_moves (
  company_id uuid NOT NULL REFERENCES companies(id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  model_id uuid NOT NULL,
  location_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('receive', 'sell', 'move', 'count', 'return', 'void')),
  delta integer NOT NULL,
  on_hand_after integer NOT NULL CHECK (on_hand_after >= 0),
  -- a reception's cost of one unit (seen only with items.cost.view, as an item's cost is)
  unit_cost numeric(12, 2) CHECK (unit_cost >= 0),
  -- a return's amount paid back (counted in the day's refunds, as an item's return is)
  refund numeric(12, 2) CHECK (refund >= 0),
  reason text CHECK (reason IS NULL OR (reason = btrim(reason) AND reason <> '')),
  sale_id uuid,
  transfer_id uuid,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, model_id) REFERENCES product_models(company_id, id),
  FOREIGN KEY (company_id, location_id) REFERENCES locations(company_id, id),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id),
  -- written with the sale in the same transaction (the sale's row may come after): checked at commit
  FOREIGN KEY (company_id, sale_id) REFERENCES sales(company_id, id) DEFERRABLE INITIALLY DEFERRED,
  -- a count may find exactly what was expected (delta 0: the count is still on record); nothing else is 0
  CHECK (delta <> 0 OR kind = 'count'),
  CHECK ((kind IN ('sell', 'return', 'void')) = (sale_id IS NOT NULL)),
  CHECK ((kind = 'move') = (transfer_id IS NOT NULL)),
  CHECK (refund IS NULL OR kind = 'return'),
  CHECK (unit_cost IS NULL OR kind = 'receive')
);
-- A model's ledger, newest first (keyset by time and id).
CREATE INDEX quantity_moves_by_model ON quantity_moves (company_id, model_id, created_at, id);
SELECT stockwise_tenant_table('quantity_moves');
REVOKE UPDATE, DELETE ON quantity_moves FROM stockwise_app;
-- …and neither may the owner (as item history: a correction is a new row, never an edit).
CREATE FUNCTION stockwise_quantity_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'the quantity ledger is append-only: % on quantity_moves is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$fn$;
CREATE TRIGGER quantity_moves_append_only BEFORE UPDATE OR DELETE ON quantity_moves
  FOR EACH ROW EXECUTE FUNCTION stockwise_quantity_moves_append_only();
-- A return's refund counts in the day's refunds, as an item return's does (the same function).
CREATE TRIGGER quantity_moves_count_refunds AFTER INSERT ON quantity_moves REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stockwise_count_refunds();

-- A sale line is an item or a model × quantity (taken from one location). price is the line's
-- price (one unit's × quantity), so the line's sums and the sale's stay as they were.
ALTER TABLE sale_lines ALTER COLUMN item_id DROP NOT NULL,
  ADD COLUMN model_id uuid,
  ADD COLUMN location_id uuid,
  ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 100000),
  -- the return that put a quantity line back (an item line's is returned_by, its return event)
  ADD COLUMN returned_move_id uuid,
  ADD FOREIGN KEY (company_id, model_id) REFERENCES product_models(company_id, id),
  ADD FOREIGN KEY (company_id, location_id) REFERENCES locations(company_id, id),
  ADD FOREIGN KEY (company_id, returned_move_id) REFERENCES quantity_moves(company_id, id),
  ADD CHECK ((item_id IS NULL) <> (model_id IS NULL)),
  ADD CHECK ((model_id IS NULL) = (location_id IS NULL)),
  ADD CHECK (item_id IS NULL OR (quantity = 1 AND returned_move_id IS NULL)),
  ADD CHECK (model_id IS NULL OR returned_by IS NULL);
