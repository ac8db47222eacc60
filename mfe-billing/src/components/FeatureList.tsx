import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { List, ListItem, ListItemIcon, ListItemText, type SxProps, type Theme } from '@mui/material';

/** A plan's features, each with a check mark (pricing cards and the purchase summary). */
export function FeatureList({ features, sx }: { features: string[]; sx?: SxProps<Theme> }) {
  return (
    <List dense sx={sx}>
      {features.map((feature) => (
        <ListItem key={feature} disableGutters>
          <ListItemIcon sx={{ minWidth: 32 }}>
            <CheckCircleOutline color="success" fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={feature} />
        </ListItem>
      ))}
    </List>
  );
}
