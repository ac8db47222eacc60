-- money: the company's currency, address, tax number and tax rate; each sale line's discount, net, tax and
-- total, and each sale's net, tax, currency and tax rate (kept on the sale: a later change of the company's
-- settings leaves its receipts as they were printed)

-- The currency is an ISO 4217 code (the API checks it against the runtime's list); a company that never
-- chose one was selling in US dollars as far as anyone could tell, so existing companies start there.
ALTER TABLE companies
  ADD COLUMN currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  ADD COLUMN address text CHECK (address IS NULL OR (address = btrim(address) AND length(address) BETWEEN 1 AND 500)),
  ADD COLUMN tax_number text CHECK (tax_number IS NULL OR (tax_number = btrim(tax_number) AND length(tax_number) BETWEEN 1 AND 50)),
  -- A percent with three decimals (8.875 % exists); 0 means prices carry no tax line.
  ADD COLUMN tax_rate numeric(6, 3) NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100);

-- A line: the price asked, the discount given on it (an amount, at most the price), the net (price −
-- discount), the tax on the net and the total (net + tax). Sums are exact: every figure is numeric.
ALTER TABLE sale_lines
  ADD COLUMN discount numeric(12, 2) NOT NULL DEFAULT 0,
  ADD COLUMN net numeric(12, 2),
  ADD COLUMN tax numeric(12, 2) NOT NULL DEFAULT 0 CHECK (tax >= 0),
  ADD COLUMN total numeric(12, 2);
UPDATE sale_lines SET net = price, total = price;
ALTER TABLE sale_lines ALTER COLUMN net SET NOT NULL, ALTER COLUMN total SET NOT NULL,
  ADD CONSTRAINT sale_lines_discount_check CHECK (discount >= 0 AND discount <= price),
  ADD CONSTRAINT sale_lines_sums_check CHECK (net = price - discount AND total = net + tax);

-- The sale: what its lines sum to (total, as before, is what the customer pays: net + tax).
ALTER TABLE sales
  ADD COLUMN net numeric(14, 2),
  ADD COLUMN tax numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN currency text,
  ADD COLUMN tax_rate numeric(6, 3) NOT NULL DEFAULT 0;
UPDATE sales SET net = total, currency = 'USD';
ALTER TABLE sales ALTER COLUMN net SET NOT NULL, ALTER COLUMN currency SET NOT NULL,
  ADD CONSTRAINT sales_sums_check CHECK (total = net + tax);
