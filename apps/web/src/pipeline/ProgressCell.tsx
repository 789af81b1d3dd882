import { Box, Chip } from '@mui/material';
import type { PipelineView } from './pipelineView';
import { ProgressLabel } from './ProgressLabel';
import { returnChipColour, returnChipText } from './returnTexts';

/** A bought referral's progress in a list row, with its return's state as a chip. */
export const ProgressCell = ({ view }: { readonly view: PipelineView | undefined }) =>
  view ? (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
      <ProgressLabel status={view.status} />
      {view.return && (
        <Chip
          size="small"
          label={returnChipText(view.return)}
          color={returnChipColour(view.return)}
        />
      )}
    </Box>
  ) : null;
