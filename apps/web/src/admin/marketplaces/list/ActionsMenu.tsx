import { useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Link as RouterLink } from 'react-router';
import { ADMIN_ROUTES, LIST_TEXTS } from '@referrals/shared';

/**
 * The row's actions: edit the appetite, and (when given) the bounds of its agency's own caps;
 * referral activity is shown but not available.
 */
export const ActionsMenu = ({
  id,
  name,
  onBounds,
}: {
  readonly id: number;
  readonly name: string;
  readonly onBounds?: (id: number, name: string) => void;
}) => {
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
        {onBounds ? (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onBounds(id, name);
            }}
          >
            Agency Cap Bounds
          </MenuItem>
        ) : null}
        <MenuItem disabled>{LIST_TEXTS.activityMenuItem}</MenuItem>
      </Menu>
    </>
  );
};
