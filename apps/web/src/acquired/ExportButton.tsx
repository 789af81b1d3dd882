import { Button, IconButton } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { errorToast } from '@referrals/shared';
import type { QueryParams } from '../api/apiClient';
import { useServices } from '../app/services';
import { errorText } from '../admin/common/errors';
import { useToast } from '../toasts/useToast';
import { downloadBlob } from './downloadBlob';

/** The list's query and the file it is saved as, as they were at the click. */
interface Export {
  readonly params: QueryParams;
  readonly filename: string;
}

/** Downloads `GET /api/acquired/export.csv` for the list's current query, with the token. */
export const ExportButton = ({
  params,
  filename,
  iconOnly = false,
}: {
  readonly params: QueryParams;
  readonly filename: string;
  /** On a phone the icon alone, named for screen readers, so the heading keeps its line. */
  readonly iconOnly?: boolean;
}) => {
  const { api } = useServices();
  const toast = useToast();
  // A download the user asks for, never cached: a mutation (not a query) gives its busy state.
  const exporting = useMutation({
    mutationFn: (asked: Export) => api.getBlob('/api/acquired/export.csv', asked.params),
    onSuccess: (blob, asked) => downloadBlob(blob, asked.filename),
    onError: (err) => toast(errorToast(`The export failed: ${errorText(err)}`)),
  });
  const start = () => exporting.mutate({ params, filename });
  if (iconOnly) {
    return (
      <IconButton aria-label="Export" disabled={exporting.isPending} onClick={start}>
        <DownloadIcon />
      </IconButton>
    );
  }
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      disabled={exporting.isPending}
      onClick={start}
    >
      Export
    </Button>
  );
};
