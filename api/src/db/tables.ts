import type { ColumnType, Generated } from 'kysely';

// The tables dynamic queries are built over (query-builder.ts), as the database has them
// (migrations 0005–0007). Timestamps and numerics come back as the driver gives them; queries
// format what they answer in SQL (to_char, ::float8), so the wire shape never depends on the driver.

type Timestamp = ColumnType<Date | string, string | undefined, string>;
type Numeric = ColumnType<string | number, number | string | null, number | string | null>;

export interface ItemsTable {
  company_id: string;
  id: Generated<string>;
  serial: string;
  serial_key: Generated<string>;
  sku: string | null;
  item_type_id: string;
  brand_id: string | null;
  model: string | null;
  location_id: string;
  status: string;
  cost: Numeric | null;
  sale_price: Numeric | null;
  vendor_id: string | null;
  customer_id: string | null;
  received_at: Timestamp;
  sold_at: Timestamp | null;
  warranty_months: number;
  warranty_ends_at: Timestamp | null;
  fields: unknown;
  images: string[];
  version: number;
  updated_at: Timestamp;
}

export interface ItemEventsTable {
  company_id: string;
  id: Generated<string>;
  item_id: string;
  item_version: number;
  kind: string;
  transaction_type_id: string | null;
  from_location_id: string | null;
  to_location_id: string | null;
  from_status: string | null;
  to_status: string | null;
  customer_id: string | null;
  sale_id: string | null;
  user_id: string | null;
  note: string | null;
  deltas: unknown;
  created_at: Timestamp;
}

export interface SalesTable {
  company_id: string;
  id: Generated<string>;
  number: number;
  customer_id: string | null;
  seller_id: string;
  total: Numeric;
  net: Numeric;
  tax: Numeric;
  currency: string;
  tax_rate: Numeric;
  prices_include_tax: Generated<boolean>;
  note: string | null;
  created_at: Timestamp;
}

export interface CustomersTable {
  company_id: string;
  id: Generated<string>;
  name: string;
  is_customer: boolean;
  is_vendor: boolean;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  tax_id: string | null;
  address: string | null;
  notes: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface TasksTable {
  company_id: string;
  id: Generated<string>;
  title: string;
  kind: string;
  assignee_user_id: string | null;
  assignee_role_id: string | null;
  item_id: string | null;
  to_location_id: string | null;
  due_at: Timestamp | null;
  note: string | null;
  status: string;
  created_by: string;
  created_at: Timestamp;
  done_at: Timestamp | null;
  done_by: string | null;
}

export interface NamedTable {
  company_id: string;
  id: string;
  name: string;
}

export interface UsersTable {
  company_id: string;
  id: string;
  user_name: string;
  first_name: string;
  last_name: string;
  profile_picture_url: string | null;
  pending_email: string | null;
  updated_at: Timestamp;
}

export interface CompaniesTable {
  id: string;
  company_name: string;
  industry: string | null;
  phone: string | null;
  logo_path: string | null;
  address: string | null;
  tax_number: string | null;
  currency: string;
  tax_rate: Numeric;
  prices_include_tax: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Tables {
  companies: CompaniesTable;
  items: ItemsTable;
  item_events: ItemEventsTable;
  sales: SalesTable;
  customers: CustomersTable;
  tasks: TasksTable;
  item_types: NamedTable;
  brands: NamedTable;
  locations: NamedTable;
  transaction_types: NamedTable;
  users: UsersTable;
  user_roles: { company_id: string; user_id: string; role_id: string };
}
