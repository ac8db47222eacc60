/**
 * The API's shared vocabulary: the words several modules, the database and the clients agree on —
 * role names, claim names, item statuses, transaction kinds and the other status lists. It is a
 * leaf: it imports nothing of ours (lint refuses it), so any layer may use it without pulling in a
 * module and its routes. A word lives here once; schemas build their TypeBox unions from these lists.
 */

// ── roles ──
/** The Company Owner holds every claim implicitly: it has no claim rows and cannot lose any. */
export const OWNER = 'Company Owner';
export const ADMIN = 'Admin';
/** The six built-in roles seeded in every company (the seed function stockwise_seed_company); never deletable. */
export const BUILT_IN_ROLES = [
  ADMIN,
  OWNER,
  'Storekeeper',
  'New Item Operator',
  'Rapid Seller',
  'Account Manager',
] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

// ── role claims ──
/**
 * Role claims (ASP.NET Identity's shape): a role holds claims `(type, value)`. Type `permission`
 * names what a holder may do; type `transaction-type` with a transaction type's id lets the holder
 * run that type through the engine.
 */
export const PERMISSIONS = [
  'items.view',
  'items.receive',
  'items.edit',
  'items.process',
  'items.sell',
  /** An item's cost and what is counted from it (value at cost): absent from every answer without it. */
  'items.cost.view',
  'reports.view',
  'dashboard.view',
  'customers.view',
  'customers.manage',
  'settings.manage',
  'users.manage',
  'billing.manage',
  /** Cancelling a sale made by mistake, on its day: the owner's and the admin's. */
  'sales.void',
  /** Opening and advancing warranty claims: the owner's, the admin's and the storekeeper's (who runs repairs). */
  'warranty.manage',
  /** Opening, scanning, closing and applying stock-takes: the owner's, the admin's and the storekeeper's. */
  'stock.count',
  /** What is below its reorder point: seen on the dashboard, in My Tasks and the report, and mailed daily. */
  'stock.reorder',
  /** Writing, sending, cancelling and reading purchase orders: the owner's, the admin's and the storekeeper's. */
  'purchasing.manage',

  /** Checking items out to a person and back in, the loans list, and overdue loans as alerts. */
  'items.lend',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const CLAIM_TYPES = ['permission', 'transaction-type'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

// ── token claims ──
/** The long standard role claim name (ASP.NET Identity's) an access token lists role names under. */
export const ROLE_CLAIM = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';
export const COMPANY_CLAIM = 'company_id';

// ── items ──
/** Every status an item can be in, in display order (the item_statuses table holds their names). */
export const STATUSES = [
  'in_stock',
  'in_process',
  'reserved',
  'in_transit',
  'sold',
  'returned',
  'defective',
  'scrapped',
  /** Expected by a stock-take and not found: no longer held; a later count that scans it brings it back. */
  'lost',
  /** Checked out to a person (a loan): still held and counted, not on the shelf and not for sale. */
  'on_loan',
] as const;
export type StatusKey = (typeof STATUSES)[number];
/** Statuses of items the company no longer holds: sold, scrapped, or lost (a stock-take did not find them). */
export const GONE_STATUSES = ['sold', 'scrapped', 'lost'] as const satisfies readonly StatusKey[];
/** What the company still holds (stock): every status but the gone ones. */
export const HELD_STATUSES: StatusKey[] = STATUSES.filter((s) => !(GONE_STATUSES as readonly StatusKey[]).includes(s));
/** Items a Storekeeper has to work on: being processed, or back and waiting for a test or repair. */
export const AWAITING_PROCESS: StatusKey[] = ['in_process', 'returned', 'defective'];
export const TRANSACTION_KINDS = ['receive', 'process', 'sell', 'move', 'status_change', 'return', 'scrap'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
/**
 * Where a returned item may go: back to be tested (the Return type's own status), straight to
 * stock, to repair as defective, or out as scrapped.
 */
export const RETURN_DESTINATIONS = [
  'returned',
  'in_stock',
  'defective',
  'scrapped',
] as const satisfies readonly StatusKey[];
/** Transaction kinds whose events must say why (a return, a scrap). */
export const REASON_REQUIRED: readonly TransactionKind[] = ['return', 'scrap'];

// ── warranty claims ──
/** A claim's states in order: repaired and replaced are the supplier's alternative answers. */
export const WARRANTY_STATES = ['open', 'sent', 'repaired', 'replaced', 'closed'] as const;
export type WarrantyState = (typeof WARRANTY_STATES)[number];
/** How a closed claim ended: closed without the supplier repairing or replacing it is rejected. */
export const WARRANTY_OUTCOMES = ['repaired', 'replaced', 'rejected'] as const;
export type WarrantyOutcome = (typeof WARRANTY_OUTCOMES)[number];

// ── stock-takes ──
/** A count's states: counting ⇄ paused → closed (its variance frozen) → applied. */
export const STOCKTAKE_STATES = ['counting', 'paused', 'closed', 'applied'] as const;
export type StocktakeState = (typeof STOCKTAKE_STATES)[number];
/** A purchase order's path: draft → sent → partly_received → received; cancelled before it is all in. */
export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'partly_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
/**
 * What a count says of each item and serial: found where counted; missing (expected, not
 * scanned); and the unexpected ones — elsewhere (held at another location, or lost), sold (sold or
 * scrapped: it left the company) or unknown (no item has the serial).
 */
export const STOCKTAKE_OUTCOMES = ['found', 'missing', 'elsewhere', 'sold', 'unknown'] as const;
export type StocktakeOutcome = (typeof STOCKTAKE_OUTCOMES)[number];
export const UNEXPECTED_OUTCOMES = ['elsewhere', 'sold', 'unknown'] as const satisfies readonly StocktakeOutcome[];

// ── loans (modules/loans) ──
/** Statuses an item may be lent from: at hand and usable (not being processed, moving, lent or gone). */
export const LENDABLE_STATUSES = ['in_stock', 'reserved', 'returned'] as const satisfies readonly StatusKey[];
/** The loans list's views: open (overdue first), only the overdue ones, the returned ones, or all. */
export const LOAN_VIEWS = ['open', 'overdue', 'returned', 'all'] as const;
export type LoanView = (typeof LOAN_VIEWS)[number];

// ── other statuses ──
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

// ── multi-factor ──
/** What a session still owes before business data: a second factor to verify, or one to enrol. */
export type MfaDue = 'verify' | 'enrol' | null;

// ── plans and subscriptions ──
/** A plan's planType on the wire: 0 Free, 1 Premium (the pricing page and the Pro badge read it). */
export const PLAN_TYPE = { free: 0, premium: 1 } as const;
/** A subscription's status on the wire: 0 active, 1 past due, 2 canceled. */
export const SUBSCRIPTION_STATUS = { active: 0, pastDue: 1, canceled: 2 } as const;

// ── audit log (modules/audit) ──
/** What kind of setting an audit-log row says changed. */
export const AUDIT_ENTITIES = [
  'role',
  'role-claims',
  'user-roles',
  'user',
  'invitation',
  'subscription',
  'company',
  'label-settings',
  'transaction-type',
  'item-type',
  'brand',
  'location',
  'status',
  'sso-provider',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
/** How it changed. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'deactivate', 'reactivate', 'revoke', 'resend'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
