import { Container } from '@mui/material';
import { ReturnScrapPanel } from '@/components/returns';
import { BatchActionPage } from '../components/BatchActionPage';

/** Item Process: batches of the process types, and below them one item returned or scrapped. */
export function ItemProcessPage() {
  return (
    <>
      <BatchActionPage kind="process" />
      <Container maxWidth="md" sx={{ pb: 3, px: { xs: 1.5, sm: 3 } }}>
        <ReturnScrapPanel />
      </Container>
    </>
  );
}
