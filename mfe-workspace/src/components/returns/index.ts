// Returns and scraps of one item (reason, refund, destination) and a same-day sale's void: shared
// by Item History, Item Process and a sale's lines.
export { ItemOutcomeActions } from './components/ItemOutcomeActions';
export { ReturnScrapPanel } from './components/ReturnScrapPanel';
export { ReturnLineButton, SaleOutcomeActions } from './components/SaleOutcomeActions';
