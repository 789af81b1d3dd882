import {
  Box,
  FormControlLabel,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { availableLegendWord, DATE_FILTER_LABELS, TOOLBAR_TEXTS } from '@referrals/shared';
import { useSession } from '../app/useSession';
import { FiltersSheet } from '../shell/FiltersSheet';
import { StatusIcon } from './cells/StatusIcon';
import { DateFilterSelect } from './DateFilterSelect';
import { StateFilter } from './StateFilter';
import type { ListState, ListView } from './listState';

/** Which toolbar parts a list shows. */
export interface ToolbarParts {
  readonly view: boolean;
  readonly showClaimed: boolean;
  readonly dateFilter: boolean;
  readonly stateFilter: boolean;
  readonly legend: boolean;
}

/** What the status icons mean; on a desk beside the list's title, on a phone in the sheet. */
export const Legend = () => {
  const { access } = useSession();
  return (
    <Box
      component="ul"
      aria-label="Legend"
      sx={{ display: 'flex', gap: 2, listStyle: 'none', m: 0, p: 0, fontSize: 13 }}
    >
      <Box component="li" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        <StatusIcon icon={{ icon: 'checkCircle', colour: 'brandBlue' }} />{' '}
        {availableLegendWord(access.privileged)}: available to claim
      </Box>
      <Box component="li" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        <StatusIcon icon={{ icon: 'checkCircle', colour: 'grey' }} /> Claimed: bought by an agency
      </Box>
      <Box component="li" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        <StatusIcon icon={{ icon: 'checkCircle', colour: 'grey' }} /> Delivered: sent to its
        agencies
      </Box>
    </Box>
  );
};

/** What the toolbar of a list shows and changes. */
interface ToolbarProps {
  readonly state: ListState;
  readonly parts: ToolbarParts;
  readonly onChange: (change: Partial<ListState>) => void;
}

/** The filter controls themselves: a row on a desk, a column in the phone's sheet. */
const Controls = ({ state, parts, onChange }: ToolbarProps) => (
  <>
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
      <StateFilter
        value={state.stateCode}
        dateFilter={state.dateFilter}
        onChange={(stateCode) => onChange({ stateCode })}
      />
    )}
    {parts.legend && <Legend />}
  </>
);

/** The filters a list's toolbar shows in force, in words: 'In-Appetite · TX · Last 48 Hours'. */
export const filterSummary = (state: ListState, parts: ToolbarParts): string =>
  [
    parts.view
      ? state.view === 'all'
        ? TOOLBAR_TEXTS.allReferrals
        : TOOLBAR_TEXTS.inAppetite
      : '',
    parts.stateFilter ? (state.stateCode ?? 'All States') : '',
    parts.dateFilter ? DATE_FILTER_LABELS[state.dateFilter] : '',
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The phone's toolbar: one pinned line, a "Filters (n)" button (n: the filters that narrow the
 * list) and what is in force; the controls open in a sheet from the bottom.
 */
const PhoneToolbar = (p: ToolbarProps & { readonly active: number }) => (
  <Box
    role="toolbar"
    aria-label="Referral filters"
    sx={{
      position: 'sticky',
      top: { xs: 56, sm: 64 },
      zIndex: 2,
      bgcolor: 'background.paper',
      py: 0.75,
      px: 1,
      display: 'flex',
      gap: 1,
      alignItems: 'center',
      borderBottom: 1,
      borderColor: 'divider',
      '& > button': { flexShrink: 0 },
    }}
  >
    <FiltersSheet active={p.active}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Controls {...p} parts={{ ...p.parts, legend: false }} />
        {p.parts.legend && <Legend />}
      </Box>
    </FiltersSheet>
    <Typography variant="body2" noWrap sx={{ minWidth: 0, color: 'text.secondary' }}>
      {filterSummary(p.state, p.parts)}
    </Typography>
  </Box>
);

/**
 * The filter bar of a referral list; every change goes to `onChange`. On a desk one sticky row;
 * on a phone (`mobile`) a single pinned line whose button opens the filters in a sheet.
 */
export const ListToolbar = ({
  mobile = false,
  active = 0,
  ...p
}: ToolbarProps & {
  readonly mobile?: boolean;
  /** How many filters narrow the list (the phone's button counts them). */
  readonly active?: number;
}) =>
  mobile ? (
    <PhoneToolbar {...p} active={active} />
  ) : (
    <Box
      role="toolbar"
      aria-label="Referral filters"
      sx={{
        position: 'sticky',
        top: 64,
        zIndex: 2,
        bgcolor: 'background.paper',
        py: 1,
        px: 1,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Controls {...p} />
    </Box>
  );
