import { useId, useState } from 'react';
import {
  Box,
  Button,
  ClickAwayListener,
  Divider,
  Link,
  Paper,
  Popper,
  Typography,
} from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Link as RouterLink } from 'react-router';
import { errorToast, profileMenu, ROUTES, type Access } from '@referrals/shared';
import { useServices } from '../app/services';
import { useToast } from '../toasts/useToast';
import { useMe } from './useMe';

/**
 * The profile menu: name, role label, agency, 'City, ST', Contact Us, Help Desk and Logout. The
 * button toggles it; a click anywhere outside closes it.
 */
export const ProfileMenu = ({
  access,
  username,
}: {
  readonly access: Access;
  readonly username: string;
}) => {
  const { auth } = useServices();
  const me = useMe();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  // On success the page goes away; on a refusal the user stays signed in and is told why.
  const logout = () => {
    setSigningOut(true);
    auth.logout().catch((err: unknown) => {
      setSigningOut(false);
      toast(errorToast(err instanceof Error ? err.message : String(err)));
    });
  };
  const id = useId();
  const menu = profileMenu(
    me ?? { username, firstName: null, lastName: null, agencyName: null, city: null, state: null },
    access,
  );
  const open = anchor !== null;
  return (
    <ClickAwayListener onClickAway={() => setAnchor(null)}>
      <Box>
        <Button
          color="inherit"
          startIcon={<AccountCircleIcon />}
          aria-label={menu.name}
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={(e) => setAnchor(open ? null : e.currentTarget)}
          // On a phone the icon alone: the name would crowd the app bar (it heads the menu).
          sx={{
            whiteSpace: 'nowrap',
            minWidth: 0,
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {menu.name}
          </Box>
        </Button>
        <Popper
          open={open}
          anchorEl={anchor}
          placement="bottom-end"
          disablePortal
          sx={{ zIndex: 1300 }}
        >
          <Paper id={id} elevation={4} sx={{ p: 2, minWidth: 240 }}>
            <Typography sx={{ fontWeight: 600 }}>{menu.name}</Typography>
            {menu.roleLabel && <Typography variant="body2">{menu.roleLabel}</Typography>}
            {menu.agencyName && <Typography variant="body2">{menu.agencyName}</Typography>}
            {menu.location && <Typography variant="body2">{menu.location}</Typography>}
            <Divider sx={{ my: 1 }} />
            {menu.links.map((l) => (
              <Link
                key={l.id}
                component={RouterLink}
                to={`/${ROUTES.notImplemented}`}
                sx={{ display: 'block', py: 0.5 }}
                onClick={() => setAnchor(null)}
              >
                {l.label}
              </Link>
            ))}
            <Divider sx={{ my: 1 }} />
            <Button variant="outlined" size="small" disabled={signingOut} onClick={logout}>
              {signingOut ? 'Signing out…' : 'Logout'}
            </Button>
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
};
