import {
  Box,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { availableLegendWord, DROPDOWN, TOOLBAR_TEXTS, US_STATES } from '@referrals/shared';
import { useSession } from '../app/useSession';
import { StatusIcon } from './cells/StatusIcon';
import { DateFilterSelect } from './DateFilterSelect';
import type { ListState, ListView } from './listState';
import { tokenColour } from '../theme/theme';

const ALL_STATES = 'all';

/** Which toolbar parts a list shows. */
export interface ToolbarParts {
  readonly view: boolean;
  readonly showClaimed: boolean;
  readonly dateFilter: boolean;
  readonly stateFilter: boolean;
  readonly legend: boolean;
}

/** The state filter: All States (no filter) and the 50 states plus DC, with the 72-hour hint. */
const StateFilter = ({
  value,
  onChange,
}: {
  readonly value: string | null;
  readonly onChange: (code: string | null) => void;
}) => (
  <FormControl size="small" sx={{ minWidth: 200 }}>
    <InputLabel id="state-filter-label">State</InputLabel>
    <Select
      labelId="state-filter-label"
      label="State"
      value={value ?? ALL_STATES}
      onChange={(e) => onChange(e.target.value === ALL_STATES ? null : e.target.value)}
      MenuProps={{
        slotProps: {
          paper: { sx: { maxHeight: `${DROPDOWN.stateDropdownMaxHeightPercentOfViewport}vh` } },
        },
      }}
    >
      <MenuItem value={ALL_STATES}>All States</MenuItem>
      {value && !US_STATES.some((s) => s.code === value) && (
        <MenuItem value={value}>{value}</MenuItem>
      )}
      {US_STATES.map((s) => (
        <MenuItem key={s.code} value={s.code}>
          {s.code} - {s.name}
        </MenuItem>
      ))}
    </Select>
    <Typography variant="caption" sx={{ color: (t) => tokenColour(t, 'grey'), mt: 0.25 }}>
      {TOOLBAR_TEXTS.stateFilterHint}
    </Typography>
  </FormControl>
);

const Legend = () => (
  <Box
    component="ul"
    aria-label="Legend"
    sx={{ display: 'flex', gap: 2, listStyle: 'none', m: 0, p: 0, fontSize: 13 }}
  >
    <Box component="li" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
      <StatusIcon icon={{ icon: 'checkCircle', colour: 'brandBlue' }} />{' '}
      {availableLegendWord(useSession().access.privileged)}: available to claim
    </Box>
    <Box component="li" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
      <StatusIcon icon={{ icon: 'checkCircle', colour: 'grey' }} /> Claimed: bought by an agency
    </Box>
    <Box component="li" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
      <StatusIcon icon={{ icon: 'checkCircle', colour: 'grey' }} /> Delivered: sent to its agencies
    </Box>
  </Box>
);

/** The sticky filter bar of a referral list; every change goes to `onChange`. */
export const ListToolbar = ({
  state,
  parts,
  onChange,
}: {
  readonly state: ListState;
  readonly parts: ToolbarParts;
  readonly onChange: (change: Partial<ListState>) => void;
}) => (
  <Box
    role="toolbar"
    aria-label="Referral filters"
    sx={{
      position: 'sticky',
      top: { xs: 56, sm: 64 },
      zIndex: 2,
      bgcolor: 'background.paper',
      py: 1.5,
      px: 1,
      display: 'flex',
      flexWrap: 'wrap',
      gap: 2,
      alignItems: 'center',
      borderBottom: 1,
      borderColor: 'divider',
    }}
  >
    {parts.view && (
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label="Referrals to show"
        value={state.view}
        onChange={(_e, v: ListView | null) => v && onChange({ view: v })}
      >
        <ToggleButton value="inAppetite">{TOOLBAR_TEXTS.inAppetite}</ToggleButton>
        <ToggleButton value="all">{TOOLBAR_TEXTS.allReferrals}</ToggleButton>
      </ToggleButtonGroup>
    )}
    {parts.showClaimed && (
      <FormControlLabel
        control={
          <Switch
            checked={state.showClaimed}
            onChange={(e) => onChange({ showClaimed: e.target.checked })}
          />
        }
        label={TOOLBAR_TEXTS.showClaimed}
      />
    )}
    {parts.dateFilter && (
      <DateFilterSelect
        label="Date"
        value={state.dateFilter}
        onChange={(dateFilter) => onChange({ dateFilter })}
      />
    )}
    {parts.stateFilter && (
      <StateFilter value={state.stateCode} onChange={(stateCode) => onChange({ stateCode })} />
    )}
    {parts.legend && <Legend />}
  </Box>
);
