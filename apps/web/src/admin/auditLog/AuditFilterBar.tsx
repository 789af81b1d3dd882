import { useEffect, useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@referrals/shared';
import type { AuditFilters, FilterKey } from './auditFilters';
import { AUDIT_LOG_TEXTS as T } from './auditLogTexts';

/** How long typing in User may pause before the list is read again. */
const USER_TYPING_MS = 400;

const dateSlot = { inputLabel: { shrink: true } } as const;
const DAY_KEYS = ['from', 'to'] as const;
const known = (action: string): boolean => (AUDIT_ACTIONS as readonly string[]).includes(action);

/** User (exact username), action, from and to days, and a way back to no filter. */
export const AuditFilterBar = ({
  filters,
  onChange,
  onClear,
}: {
  readonly filters: AuditFilters;
  readonly onChange: (key: FilterKey, value: string) => void;
  readonly onClear: () => void;
}) => {
  // Typed text goes to the address once typing pauses (or on Enter), not at every key.
  const [user, setUser] = useState(filters.user);
  // A new user filter from the address (Clear, the back button) replaces what was typed.
  const [addressUser, setAddressUser] = useState(filters.user);
  if (filters.user !== addressUser) {
    setAddressUser(filters.user);
    setUser(filters.user);
  }
  useEffect(() => {
    if (user === filters.user) return undefined;
    const t = setTimeout(() => onChange('user', user), USER_TYPING_MS);
    return () => clearTimeout(t);
  }, [user, filters.user, onChange]);
  const any = filters.user || filters.action || filters.from || filters.to;
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Audit log filters"
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        onChange('user', user);
      }}
    >
      <TextField
        size="small"
        label={T.filters.user}
        value={user}
        onChange={(e) => setUser(e.target.value)}
        sx={{ minWidth: 180 }}
      />
      <TextField
        select
        size="small"
        label={T.filters.action}
        // An unknown action from the address reads as none here; the screen names the problem.
        value={known(filters.action) ? filters.action : ''}
        onChange={(e) => onChange('action', e.target.value)}
        sx={{ minWidth: 220 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{T.allActions}</MenuItem>
        {AUDIT_ACTIONS.map((a) => (
          <MenuItem key={a} value={a}>
            {AUDIT_ACTION_LABELS[a]}
          </MenuItem>
        ))}
      </TextField>
      {DAY_KEYS.map((k) => (
        <TextField
          key={k}
          size="small"
          type="date"
          label={T.filters[k]}
          value={filters[k]}
          onChange={(e) => onChange(k, e.target.value)}
          slotProps={dateSlot}
        />
      ))}
      <Button disabled={!any} onClick={onClear}>
        {T.clearFilters}
      </Button>
    </Stack>
  );
};
