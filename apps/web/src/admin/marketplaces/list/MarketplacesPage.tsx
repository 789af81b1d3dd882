import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ADMIN_ROUTES, LIST_PAGE_TITLE, LIST_TEXTS } from '@referrals/shared';
import { useDocumentTitle } from '../../../app/BrandContext';
import { BoundsDialog } from '../../../appetite/BoundsDialog';
import { useSelfServeSettings } from '../../../appetite/useSelfServeSettings';
import { LoadingOverlay } from '../../common/LoadingOverlay';
import { UnsavedChangesGuard } from '../../common/UnsavedChangesGuard';
import { DeliveryErrorsTable } from './DeliveryErrorsTable';
import { MarketplaceTable } from './MarketplaceTable';
import { NonFlowTable } from './NonFlowTable';
import { useAgencies } from './useAgencies';
import { useDeliveryStats } from './useDeliveryStats';
import { useMarketplaceList } from './useMarketplaceList';

/** Shown while another admin's change waits behind this admin's unsaved edits. */
export const SERVER_CHANGED_TEXT =
  'Another administrator changed the marketplaces while you were editing. Your changes are kept; if they changed the order or an enabled flag, saving is refused and the latest order is shown. Discard Changes loads the latest.';

/** The marketplaces list (section 2.1). */
export const MarketplacesPage = () => {
  useDocumentTitle(LIST_PAGE_TITLE);
  const list = useMarketplaceList();
  const stats = useDeliveryStats();
  const [showDisabled, setShowDisabled] = useState(false);
  const all = useMemo(
    () =>
      list.lists ? [...list.lists.enabled, ...list.lists.disabled, ...list.lists.nonFlow] : [],
    [list.lists],
  );
  const info = useAgencies(all);
  // Agencies' pauses and cap bounds, read again whenever the live marketplaces change.
  const selfServe = useSelfServeSettings();
  const { refetch } = selfServe;
  useEffect(refetch, [list.lists, refetch]);
  const [bounds, setBounds] = useState<{ id: number; name: string } | null>(null);
  const busy = list.loading || list.saving;
  return (
    <Box>
      <UnsavedChangesGuard when={list.unsaved} />
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          All Marketplaces
        </Typography>
        <Button variant="outlined" component={RouterLink} to={ADMIN_ROUTES.newMarketplace}>
          {LIST_TEXTS.addNew}
        </Button>
        <Button variant="outlined" disabled>
          {LIST_TEXTS.addSource}
        </Button>
      </Stack>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <FormControlLabel
          control={<Switch checked={showDisabled} onChange={(_e, on) => setShowDisabled(on)} />}
          label={LIST_TEXTS.showDisabled}
          sx={{ flexGrow: 1 }}
        />
        {list.lists ? (
          <>
            <Button
              variant="contained"
              disabled={!list.unsaved || list.saving}
              onClick={() => void list.save()}
            >
              {LIST_TEXTS.save}
            </Button>
            <Button
              variant="outlined"
              disabled={!list.unsaved || list.saving}
              onClick={list.discard}
            >
              {LIST_TEXTS.discard}
            </Button>
          </>
        ) : null}
      </Stack>
      {list.conflict ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {list.conflict}
        </Alert>
      ) : null}
      {list.serverChanged ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {SERVER_CHANGED_TEXT}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay show={busy} label={list.saving ? 'Saving' : 'Loading'} />
        <MarketplaceTable
          enabled={list.lists?.enabled ?? []}
          disabled={showDisabled ? (list.lists?.disabled ?? []) : []}
          data={{
            agencies: info.agencies,
            balances: info.balances,
            stats: stats.byId,
            pauses: selfServe.pauses,
            onBounds: (id, name) => setBounds({ id, name }),
          }}
          refreshing={stats.refreshing}
          onRefresh={() => stats.refresh()}
          onToggle={list.toggle}
          onMove={list.move}
        />
      </Paper>
      <NonFlowTable items={list.lists?.nonFlow ?? []} stats={stats.byId} agencies={info.agencies} />
      <DeliveryErrorsTable />
      {bounds ? (
        <BoundsDialog
          name={bounds.name}
          bounds={selfServe.byId.get(bounds.id)?.bounds ?? { maxPerDay: null, maxPerWeek: null }}
          saving={selfServe.savingBounds}
          onSave={(b) => selfServe.saveBounds(bounds.id, b)}
          onClose={() => setBounds(null)}
        />
      ) : null}
    </Box>
  );
};
