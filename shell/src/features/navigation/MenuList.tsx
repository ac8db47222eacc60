import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Chip,
  Collapse,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Typography,
} from '@mui/material';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAccess, useTranslation } from '@stockwise/shared';
import { preload } from '@/mf/remotes';
import { areaFor } from '@/mf/areas';
import type { MenuEntry } from './menu-entry';
import { menuActions, useMenuState } from './ui-settings';
import { collapseHolding, selectedFromPath, visibleMenu } from './visibility';
import { useT } from '@/i18n';

/** Shown in place of an entry whose type the menu does not know. */
export function MenuItemsError() {
  const { t } = useT();
  return (
    <Typography variant="h6" color="error" align="center" sx={{ p: 2 }} role="alert">
      {t('menu.itemsError')}
    </Typography>
  );
}

/** Fetches the remote behind a link before the click lands (menu hover and keyboard focus). */
function preloadFor(url: string | undefined) {
  const area = url ? areaFor(url) : undefined;
  if (area) preload(area.remote);
}

/** An entry's text: its key in the namespace of the table it came from (a remote's, or the shell's). */
function useEntryText() {
  const { t } = useTranslation();
  return (key: string, ns: string) => t(key, { ns });
}

function NavItem({ item, depth, onPick }: { item: MenuEntry; depth: number; onPick: () => void }) {
  const text = useEntryText();
  const selected = useMenuState((s) => s.selectedId === item.id);
  const Icon = item.icon ?? null;
  return (
    <ListItemButton
      component={RouterLink}
      to={item.url ?? '#'}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      onClick={() => {
        menuActions.select(item.id);
        onPick();
      }}
      onMouseEnter={() => preloadFor(item.url)}
      onFocus={() => preloadFor(item.url)}
      sx={{ borderRadius: 2, mb: 0.25, pl: depth > 1 ? 4 + (depth - 1) : 2 }}
    >
      {Icon ? (
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
      ) : null}
      <ListItemText primary={text(item.title, item.ns)} slotProps={{ primary: { variant: 'body2' } }} />
      {item.chip ? (
        <Chip
          size="small"
          label={text(item.chip.label, item.ns)}
          color={item.chip.color ?? 'default'}
          variant="outlined"
        />
      ) : null}
    </ListItemButton>
  );
}

function NavCollapse({ entry, depth, onPick }: { entry: MenuEntry; depth: number; onPick: () => void }) {
  const text = useEntryText();
  const open = useMenuState((s) => s.openCollapseId === entry.id);
  const hasSelected = useMenuState((s) => (entry.children ?? []).some((child) => child.id === s.selectedId));
  const Icon = entry.icon ?? null;
  const regionId = `menu-collapse-${entry.id}`;
  return (
    <>
      <ListItemButton
        onClick={() => menuActions.toggleCollapse(entry.id)}
        aria-expanded={open}
        aria-controls={regionId}
        selected={!open && hasSelected}
        sx={{ borderRadius: 2, mb: 0.25 }}
      >
        {Icon ? (
          <ListItemIcon sx={{ minWidth: 36 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
        ) : null}
        <ListItemText primary={text(entry.title, entry.ns)} slotProps={{ primary: { variant: 'body2' } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={regionId}>
        {/* A div, like the groups: its children are links, not <li>, so a <ul> breaks axe's list rule. */}
        <List component="div" disablePadding>
          {(entry.children ?? []).map((child) => (
            <MenuEntryView key={child.id} entry={child} depth={depth + 1} onPick={onPick} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function MenuEntryView({ entry, depth, onPick }: { entry: MenuEntry; depth: number; onPick: () => void }) {
  switch (entry.type) {
    case 'item':
      return <NavItem item={entry} depth={depth} onPick={onPick} />;
    case 'collapse':
      return <NavCollapse entry={entry} depth={depth} onPick={onPick} />;
    default:
      return <MenuItemsError />;
  }
}

function NavGroup({ group, onPick }: { group: MenuEntry; onPick: () => void }) {
  const text = useEntryText();
  const headingId = `menu-group-${group.id}`;
  return (
    <List
      component="div"
      role="group"
      aria-labelledby={headingId}
      dense
      sx={{ px: 1.5, py: 0.5 }}
      subheader={
        <ListSubheader
          id={headingId}
          component="div"
          disableSticky
          sx={{ bgcolor: 'transparent', lineHeight: 2.5, fontWeight: 600, fontSize: 12, textTransform: 'uppercase' }}
        >
          {text(group.title, group.ns)}
        </ListSubheader>
      }
    >
      {(group.children ?? []).map((entry) => (
        <MenuEntryView key={entry.id} entry={entry} depth={1} onPick={onPick} />
      ))}
    </List>
  );
}

/**
 * The side menu: the tree built from the remotes' screen tables, as the user's claims allow now
 * (GET /api/access, refreshed on navigation). The selected item follows the path on load; the
 * collapse holding it opens.
 */
export function MenuList({ entries, onPick = () => {} }: { entries: readonly MenuEntry[]; onPick?: () => void }) {
  const access = useAccess();
  const tree = useMemo(() => visibleMenu(entries, access), [entries, access]);
  const { pathname } = useLocation();

  useEffect(() => {
    const selected = selectedFromPath(tree, pathname);
    menuActions.select(selected?.id ?? null);
    const holder = selected ? collapseHolding(tree, selected.id) : undefined;
    if (holder) menuActions.openCollapse(holder.id);
  }, [tree, pathname]);

  return (
    <nav aria-label="Main menu">
      {tree.map((entry) =>
        entry.type === 'group' ? (
          <NavGroup key={entry.id} group={entry} onPick={onPick} />
        ) : (
          <List key={entry.id} dense sx={{ px: 1.5 }}>
            <MenuEntryView entry={entry} depth={1} onPick={onPick} />
          </List>
        ),
      )}
    </nav>
  );
}
