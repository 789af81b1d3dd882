import { useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Link as RouterLink } from 'react-router';
import { ADMIN_ROUTES, LIST_TEXTS } from '@referrals/shared';

/** The row's actions: edit the appetite; referral activity is shown but not available. */
export const ActionsMenu = ({ id, name }: { readonly id: number; readonly name: string }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to={ADMIN_ROUTES.marketplace(id)}>
          {LIST_TEXTS.editMenuItem}
        </MenuItem>
        <MenuItem disabled>{LIST_TEXTS.activityMenuItem}</MenuItem>
      </Menu>
    </>
  );
};
