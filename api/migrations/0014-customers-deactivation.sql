-- customers/vendors: deactivated instead of deleted once they have history (sales, items, events
-- name them). A deactivated one keeps its history and can be reactivated, but is offered in no
-- picker and refused as the customer of a new sale or the vendor of a new reception.
ALTER TABLE customers ADD COLUMN active boolean NOT NULL DEFAULT true;
