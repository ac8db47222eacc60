-- sales: an item event may name its sale before the sale row exists in the same transaction
-- A sale writes its items' events first and its own row last (the company's next number is taken in
-- that last statement, so the counter lock all of a company's sales share is held for one statement
-- and the commit). The reference is still checked — at commit.
ALTER TABLE item_events ALTER CONSTRAINT item_events_company_id_sale_id_fkey DEFERRABLE INITIALLY DEFERRED;
