-- prices that include tax: a shop in Europe marks its shelf prices with VAT in, so the tax is the part
-- of the price it holds (price × rate / (100 + rate)), not an amount added on top. The company says
-- which it does; each sale keeps what it was made under (its receipt reads the same ever after).
ALTER TABLE companies ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false;
ALTER TABLE sales ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false;

-- A line still adds up (total = net + tax); what the customer was asked after the discount is the net
-- when tax goes on top, the total when it is included.
ALTER TABLE sale_lines DROP CONSTRAINT sale_lines_sums_check,
  ADD CONSTRAINT sale_lines_sums_check CHECK (total = net + tax AND (net = price - discount OR total = price - discount));
