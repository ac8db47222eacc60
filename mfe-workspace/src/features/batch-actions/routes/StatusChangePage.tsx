import { BatchActionPage } from '../components/BatchActionPage';

export function StatusChangePage() {
  return <BatchActionPage kind="status_change" />;
}
