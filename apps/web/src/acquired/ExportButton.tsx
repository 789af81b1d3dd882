import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { errorToast } from '@referrals/shared';
import type { QueryParams } from '../api/apiClient';
import { useServices } from '../app/services';
import { errorText } from '../admin/common/errors';
import { useToast } from '../toasts/useToast';
import { downloadBlob } from './downloadBlob';

/** Downloads `GET /api/acquired/export.csv` for the list's current query, with the token. */
export const ExportButton = ({
  params,
  filename,
}: {
  readonly params: QueryParams;
  readonly filename: string;
}) => {
  const { api } = useServices();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      downloadBlob(await api.getBlob('/api/acquired/export.csv', params), filename);
    } catch (err: unknown) {
      toast(errorToast(`The export failed: ${errorText(err)}`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => void run()}
    >
      Export
    </Button>
  );
};
