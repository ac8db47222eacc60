import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import type { Item } from '@/api/inventory';
import { StatusChip } from '@/components/StatusChip';
import { useT } from '../i18n';

/** The batch scanned so far, each item with whether the chosen type takes it (and why not). */
export function ScannedItems({
  items,
  refusal,
  onRemove,
  onClear,
}: {
  items: Item[];
  /** Why the chosen type would refuse this item, or null. */
  refusal: (item: Item) => string | null;
  onRemove: (item: Item) => void;
  onClear: () => void;
}) {
  const { t } = useT();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="batch-scanned">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="batch-scanned" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('batch.scanned')} · {t('batch.count', { count: items.length })}
        </Typography>
        {items.length ? (
          <Button size="small" onClick={onClear}>
            {t('batch.clear')}
          </Button>
        ) : null}
      </Stack>
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('batch.none')}</Typography>
      ) : (
        <List dense aria-labelledby="batch-scanned">
          {items.map((item) => {
            const why = refusal(item);
            return (
              <ListItem
                key={item.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('batch.remove', { serial: item.serial })}
                    onClick={() => onRemove(item)}
                  >
                    <CloseIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Box component="span" sx={{ fontFamily: 'monospace' }}>
                        {item.serial}
                      </Box>
                      <StatusChip status={item.status} />
                    </Stack>
                  }
                  secondary={
                    <>
                      {[item.itemTypeName, item.model, item.locationName].filter(Boolean).join(' · ')}
                      <Box component="span" sx={{ display: 'block', color: why ? 'error.main' : 'success.main' }}>
                        {why ?? t('batch.accepted')}
                      </Box>
                    </>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
