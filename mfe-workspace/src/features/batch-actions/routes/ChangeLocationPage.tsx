import { BatchActionPage } from '../components/BatchActionPage';

export function ChangeLocationPage() {
  return <BatchActionPage kind="move" />;
}
