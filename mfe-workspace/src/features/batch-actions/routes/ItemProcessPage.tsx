import { BatchActionPage } from '../components/BatchActionPage';

export function ItemProcessPage() {
  return <BatchActionPage kind="process" />;
}
