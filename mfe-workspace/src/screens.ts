import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CableOutlined from '@mui/icons-material/CableOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import ProductionQuantityLimitsOutlined from '@mui/icons-material/ProductionQuantityLimitsOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import { lazyPage, ROLES, type Permission, type Screen } from '@stockwise/shared';
import { NS, type WorkspaceKey } from './i18n';

/** Where this remote's screens start (shell: src/mf/areas.ts); unknown paths under them are not found. */
export const PREFIXES = ['actions', 'item-status', 'reporting', 'customers', 'profile'];

// Item lists and histories open with either claim (a seller looks an item up); the Reporting
// menu offers them to those who hold reports.view.
const itemReaders: Permission[] = ['items.view', 'reports.view'];
const reports: Permission[] = ['reports.view'];
const managers: Permission[] = ['customers.manage'];

/**
 * Every screen of this remote, each declared once: the routes and their guards are built from it,
 * and the shell builds the drawer from it. Screens without a page are "coming soon".
 */
export const SCREENS: Screen<WorkspaceKey>[] = [
  {
    path: 'dashboard',
    title: 'screens.dashboard',
    claims: ['dashboard.view'],
    // Admins see the entry, but the page is the owner's (the shell's guard): the chip says so.
    menu: {
      group: 'my-view',
      order: 10,
      icon: DashboardOutlined,
      chip: { label: 'screens.ownerChip', color: 'primary' },
    },
    page: lazyPage(() => import('@/features/dashboard').then((m) => m.DashboardPage)),
  },
  {
    path: 'my-tasks',
    title: 'screens.myTasks',
    menu: { group: 'my-view', order: 20, icon: AssignmentOutlined },
    page: lazyPage(() => import('@/features/my-tasks').then((m) => m.MyTasksPage)),
  },
  {
    path: 'actions/inventory-reception',
    title: 'screens.addItem',
    claims: ['items.receive'],
    menu: { group: 'actions', order: 10, icon: AddBoxOutlined },
    page: lazyPage(() => import('@/features/reception').then((m) => m.ReceptionPage)),
  },
  {
    path: 'actions/item-process',
    title: 'screens.itemProcess',
    claims: ['items.process'],
    // The product offers Search Item to the Company Owner only.
    menu: {
      group: 'actions',
      order: 20,
      icon: SearchOutlined,
      title: 'screens.searchItem',
      roles: [ROLES.companyOwner],
    },
    page: lazyPage(() => import('@/features/batch-actions').then((m) => m.ItemProcessPage)),
  },
  {
    path: 'actions/rapid-sell',
    title: 'screens.rapidSell',
    claims: ['items.sell'],
    menu: { group: 'actions', order: 30, icon: PointOfSaleOutlined },
    page: lazyPage(() => import('@/features/rapid-sell').then((m) => m.RapidSellPage)),
  },
  {
    path: 'actions/multi-sale',
    title: 'screens.multiSale',
    claims: ['items.sell'],
    menu: { group: 'actions', order: 40, icon: ShoppingCartOutlined },
    page: lazyPage(() => import('@/features/multi-sale').then((m) => m.MultiSalePage)),
  },
  {
    // A sale's printable receipt, opened from a sale (no menu entry): whoever may read the sale.
    path: 'actions/receipt',
    title: 'screens.receipt',
    claims: ['items.sell', 'reports.view', 'customers.view'],
    page: lazyPage(() => import('@/features/receipt').then((m) => m.ReceiptPage)),
  },
  {
    path: 'actions/change-location',
    title: 'screens.changeLocation',
    claims: ['items.process'],
    menu: { group: 'actions', order: 50, icon: LocalShippingOutlined, hidden: true },
    page: lazyPage(() => import('@/features/batch-actions').then((m) => m.ChangeLocationPage)),
  },
  {
    // Stock-takes: counted by stock.count holders; read (with their variance) by report readers too.
    path: 'actions/stocktakes',
    title: 'screens.stocktakes',
    claims: ['stock.count', 'reports.view'],
    menu: { group: 'actions', order: 55, icon: ChecklistOutlined },
    page: lazyPage(() => import('@/features/stocktakes').then((m) => m.StocktakesPage)),
  },
  {
    // One count (opened from the list): scanning while it is counted, then its variance.
    path: 'actions/stocktake',
    title: 'screens.stocktake',
    claims: ['stock.count', 'reports.view'],
    page: lazyPage(() => import('@/features/stocktakes').then((m) => m.StocktakeCountPage)),
  },
  {
    // Quantity stock (cables, cases: no serials): received, moved and counted by who keeps the stock
    // (the buttons follow each movement's claim); read, as stock-takes are, by who reads reports.
    path: 'actions/quantity-stock',
    title: 'screens.quantityStock',
    claims: ['stock.count', 'items.receive', 'reports.view'],
    menu: { group: 'actions', order: 56, icon: CableOutlined, claims: ['stock.count', 'reports.view'] },
    page: lazyPage(() => import('@/features/quantity-stock').then((m) => m.QuantityStockPage)),
  },
  {
    // Purchase orders: written and sent by who buys (purchasing.manage); read by who receives against them.
    path: 'actions/purchase-orders',
    title: 'screens.purchaseOrders',
    claims: ['purchasing.manage', 'items.receive'],
    menu: { group: 'actions', order: 58, icon: RequestQuoteOutlined, claims: ['purchasing.manage'] },
    page: lazyPage(() => import('@/features/purchase-orders').then((m) => m.PurchaseOrdersPage)),
  },
  {
    // One order (opened from the list, or new): a draft to edit and send, or what is still due.
    path: 'actions/purchase-order',
    title: 'screens.purchaseOrder',
    claims: ['purchasing.manage', 'items.receive'],
    page: lazyPage(() => import('@/features/purchase-orders').then((m) => m.PurchaseOrderPage)),
  },
  {
    path: 'item-status/status-change',
    title: 'screens.changeStatus',
    claims: ['items.process'],
    menu: { group: 'actions', order: 60, icon: SwapHorizOutlined, hidden: true },
    page: lazyPage(() => import('@/features/batch-actions').then((m) => m.StatusChangePage)),
  },
  {
    path: 'item-status/item-search',
    title: 'screens.itemHistory',
    claims: itemReaders,
    menu: { group: 'reporting', order: 50, icon: HistoryOutlined, claims: reports },
    page: lazyPage(() => import('@/features/item-history').then((m) => m.ItemHistoryPage)),
  },
  {
    // Loans: who lends (items.lend) checks them in here; who reads reports sees what is out.
    path: 'item-status/loans',
    title: 'screens.loans',
    claims: ['items.lend', 'reports.view'],
    menu: { group: 'actions', order: 57, icon: HandshakeOutlined },
    page: lazyPage(() => import('@/features/loans').then((m) => m.LoansPage)),
  },
  {
    path: 'item-status/item-manager',
    title: 'screens.itemManager',
    claims: itemReaders,
    page: lazyPage(() => import('@/features/item-manager').then((m) => m.ItemManagerPage)),
  },
  {
    path: 'reporting/tracking-report',
    title: 'screens.trackingReport',
    claims: reports,
    page: lazyPage(() => import('@/features/reports').then((m) => m.TrackingReportPage)),
  },
  {
    path: 'reporting/warehouse-status',
    title: 'screens.warehouseStatus',
    claims: reports,
    page: lazyPage(() => import('@/features/reports').then((m) => m.WarehouseStatusPage)),
  },
  {
    path: 'reporting/item-list',
    title: 'screens.itemList',
    claims: itemReaders,
    menu: { group: 'reporting', order: 10, icon: ViewListOutlined, claims: reports },
    page: lazyPage(() => import('@/features/item-list').then((m) => m.ItemListPage)),
  },
  {
    path: 'reporting/item-inventory',
    title: 'screens.itemInventory',
    claims: reports,
    menu: { group: 'reporting', order: 20, icon: Inventory2Outlined },
    page: lazyPage(() => import('@/features/reports').then((m) => m.ItemInventoryPage)),
  },
  {
    path: 'reporting/warranty-list',
    title: 'screens.warrantyList',
    claims: reports,
    menu: { group: 'reporting', order: 30, icon: VerifiedUserOutlined },
    page: lazyPage(() => import('@/features/reports').then((m) => m.WarrantyListPage)),
  },
  {
    // Who answers for the stock (stock.reorder) and who reads reports: the API's two claims for it.
    path: 'reporting/to-reorder',
    title: 'screens.toReorder',
    claims: ['stock.reorder', 'reports.view'],
    menu: { group: 'reporting', order: 35, icon: ProductionQuantityLimitsOutlined },
    page: lazyPage(() => import('@/features/reports').then((m) => m.ToReorderPage)),
  },
  {
    path: 'reporting/edit-item',
    title: 'screens.editItem',
    claims: ['items.edit'],
    menu: { group: 'reporting', order: 40, icon: EditNoteOutlined },
    page: lazyPage(() => import('@/features/edit-item').then((m) => m.EditItemPage)),
  },
  {
    path: 'customers/list',
    title: 'screens.customers',
    // A seller reads the list (to pick a buyer); the menu offers it to those who manage accounts.
    claims: ['customers.view', 'customers.manage'],
    menu: { group: 'account-management', order: 10, icon: PeopleOutlined, claims: managers },
    page: lazyPage(() => import('@/features/customers').then((m) => m.CustomersPage)),
  },
  {
    path: 'customers/history',
    title: 'screens.customerHistory',
    claims: ['customers.view', 'reports.view', 'items.sell'],
    menu: { group: 'account-management', order: 20, icon: HistoryOutlined, claims: managers },
    page: lazyPage(() => import('@/features/customer-history').then((m) => m.CustomerHistoryPage)),
  },
  {
    path: 'profile',
    title: 'screens.profile',
    page: lazyPage(() => import('@/features/profile').then((m) => m.ProfilePage)),
  },
  {
    path: 'profile/security',
    title: 'screens.security',
    page: lazyPage(() => import('@/features/security').then((m) => m.SecurityPage)),
  },
];

/** Exposed as ./screens: what the shell builds the drawer from. */
export const TABLE = { namespace: NS, screens: SCREENS };
