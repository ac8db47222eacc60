// Warranty claims on one item (open, then each step with a note) and the words for their states,
// shared by Item History and the Warranty List.
export { WarrantyClaimPanel } from './components/WarrantyClaimPanel';
export { useT as useWarrantyT } from './i18n';
