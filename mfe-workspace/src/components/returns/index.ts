// Returns and scraps of one item (reason, refund, destination) and a same-day sale's void: shared
// by Item History, Item Process, Change Status, the item lists' bulk actions and a sale's lines.
export { ReturnDialog } from './components/ReturnDialog';
export { useOutcomeTypes } from './lib/outcome-types';
export { ItemOutcomeActions } from './components/ItemOutcomeActions';
export { ReturnScrapPanel } from './components/ReturnScrapPanel';
export { ReturnLineButton, SaleOutcomeActions } from './components/SaleOutcomeActions';
