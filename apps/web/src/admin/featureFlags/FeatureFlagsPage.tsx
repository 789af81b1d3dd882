import { useState } from 'react';
import {
  Box,
  Button,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { FEATURE_FLAG_TEXTS as T, FEATURE_FLAGS_PAGE_TITLE } from '@referrals/shared';
import { useDocumentTitle } from '../../app/BrandContext';
import { LoadingOverlay } from '../common/LoadingOverlay';
import { AddFlagForm } from './AddFlagForm';
import { FlagRow } from './FlagRow';
import { useFeatureFlags } from './useFeatureFlags';

/** The feature flags screen (section 2.3). */
export const FeatureFlagsPage = () => {
  useDocumentTitle(FEATURE_FLAGS_PAGE_TITLE);
  const flags = useFeatureFlags();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {T.heading}
        </Typography>
        <Tooltip title="Add feature flag">
          <IconButton
            color="primary"
            aria-label="Add feature flag"
            aria-expanded={adding}
            onClick={() => setAdding(!adding)}
          >
            <AddIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {adding ? (
        <AddFlagForm
          busy={flags.loading}
          onCancel={() => setAdding(false)}
          onSubmit={async (v) => {
            const ok = await flags.create(v);
            if (ok) setAdding(false);
            return ok;
          }}
        />
      ) : null}
      <Paper variant="outlined" sx={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay show={flags.loading} />
        <TableContainer>
          <Table size="small" aria-label="Feature flags">
            <TableHead>
              <TableRow>
                {T.columns.map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 600, textTransform: 'capitalize' }}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {flags.flags.map((f) => (
                <FlagRow
                  key={f.id}
                  flag={f}
                  editing={editingId === f.id}
                  saving={flags.savingIds.has(f.id)}
                  onEdit={() => {
                    setEditingId(f.id);
                    setAdding(false);
                  }}
                  onDone={() => setEditingId(null)}
                  onSave={flags.update}
                />
              ))}
              {!flags.loading && flags.flags.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={T.columns.length} align="center">
                    <Typography sx={{ mb: 1 }}>{T.empty}</Typography>
                    <Button variant="outlined" onClick={() => setAdding(true)}>
                      {T.addFirst}
                    </Button>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
};
