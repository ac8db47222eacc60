-- A sale's model × quantity line is returned in parts: a customer brings back 1 of the 3 units
-- bought, later another. returned_quantity counts the units back so far (a line returned whole
-- before this migration: all of them); returned_move_id stays the latest return's move, whose time
-- the sale shows. A line whole returned has returned_quantity = quantity.
ALTER TABLE sale_lines ADD COLUMN returned_quantity integer NOT NULL DEFAULT 0;
UPDATE sale_lines SET returned_quantity = quantity WHERE returned_move_id IS NOT NULL;
ALTER TABLE sale_lines
  ADD CHECK (returned_quantity BETWEEN 0 AND quantity),
  ADD CHECK ((returned_quantity = 0) = (returned_move_id IS NULL));
