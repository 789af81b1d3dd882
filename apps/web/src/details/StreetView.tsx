import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { LAYOUT } from '@referrals/shared';
import { useServices } from '../app/services';

/** The 300x200 street-view image of a referral's location (fetched with the bearer token). */
export const StreetView = ({ searchId }: { readonly searchId: string }) => {
  const { api } = useServices();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    api.getImage(`/api/street-view/${encodeURIComponent(searchId)}`).then(
      (url) => live && setSrc(url),
      () => undefined, // no image is a normal answer (404): the panel simply shows none
    );
    return () => {
      live = false;
    };
  }, [api, searchId]);
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
