import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LAYOUT } from '@referrals/shared';
import { apiKey } from '../api/queries';
import { useServices } from '../app/services';

/** The 300x200 street-view image of a referral's location (fetched with the bearer token). */
export const StreetView = ({ searchId }: { readonly searchId: string }) => {
  const { api } = useServices();
  const path = `/api/street-view/${encodeURIComponent(searchId)}`;
  // No image is a normal answer (404): the panel simply shows none.
  const { data: src } = useQuery({
    queryKey: apiKey(path),
    queryFn: ({ signal }) => api.withSignal(signal).getImage(path),
  });
  const size = { width: LAYOUT.streetViewWidthPx, height: LAYOUT.streetViewHeightPx };
  return src ? (
    <Box
      component="img"
      src={src}
      alt="Street view of the referral's location"
      sx={{ ...size, display: 'block', borderRadius: 1 }}
    />
  ) : (
    <Box aria-hidden sx={{ ...size, bgcolor: '#eceff1', borderRadius: 1 }} />
  );
};
