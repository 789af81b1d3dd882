import {
  Box,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
} from '@mui/material';
import { Link, useLocation } from 'react-router';
import { sideNavigation, type Access, type NavLink as NavItem } from '@referrals/shared';
import { isCurrent, isSoon, itemHref } from './navItems';
import { withAuditLog } from '../admin/auditLog/auditLogRoute';
import { withReturns } from '../admin/returns/returnsRoute';

// Each link sits in its own list item: a list may hold only items (WCAG, axe 'list').
const Item = ({
  item,
  nested,
  onNavigate,
}: {
  readonly item: NavItem;
  readonly nested: boolean;
  readonly onNavigate?: () => void;
}) => {
  const { pathname, search } = useLocation();
  const current = isCurrent(item, pathname, search);
  const soon = isSoon(item);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={itemHref(item)}
        onClick={onNavigate}
        selected={current}
        aria-current={current ? 'page' : undefined}
        sx={{ pl: nested ? 3 : 2, '&.Mui-selected': { fontWeight: 600 } }}
      >
        <ListItemText
          primary={item.label}
          slotProps={{ primary: { sx: soon ? { color: 'text.secondary' } : undefined } }}
        />
        {soon && <Chip label="Soon" size="small" variant="outlined" sx={{ height: 20 }} />}
      </ListItemButton>
    </ListItem>
  );
};

/**
 * The side navigation of the admin shell, by role (items without a screen lead to not-implemented).
 * `onNavigate` runs when an item is chosen (the menu drawer closes then).
 */
export const SideNav = ({
  access,
  onNavigate,
}: {
  readonly access: Access;
  readonly onNavigate?: () => void;
}) => (
  <nav aria-label="Console">
    {withReturns(withAuditLog(sideNavigation(access), access), access).map((entry) =>
      entry.kind === 'link' ? (
        <List key={entry.id} dense disablePadding>
          <Item item={entry} nested={false} onNavigate={onNavigate} />
        </List>
      ) : (
        <Box key={entry.id}>
          <ListSubheader
            id={`nav-${entry.id}`}
            component="h2"
            sx={{ lineHeight: '32px', fontSize: 13 }}
          >
            {entry.title}
          </ListSubheader>
          <List dense disablePadding aria-labelledby={`nav-${entry.id}`}>
            {entry.items.map((item) => (
              <Item key={item.id} item={item} nested onNavigate={onNavigate} />
            ))}
          </List>
        </Box>
      ),
    )}
  </nav>
);
