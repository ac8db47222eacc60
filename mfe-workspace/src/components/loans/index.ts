// Loans (check-out to a person): an item's loan on its page, the dialogs, and the words for them,
// shared by Item History and the Loans list.
export { LoanPanel } from './components/LoanPanel';
export { LoanLine } from './components/LoanLine';
export { CheckInDialog } from './components/CheckInDialog';
export { hasLoanAction } from './lib/lendable';
export { useT as useLoansT } from './i18n';
