import { Button } from '@mui/material';
import { demoLinkFor, PUBLIC_CTA_TEXTS, type Access } from '@referrals/shared';
import { useBrand } from '../app/BrandContext';

/**
 * 'Get a Demo' in the app bar for company users (product and bridge, section 6): the demo page of
 * the host's brand, in a new tab. Other users see nothing.
 */
export const DemoLink = ({ access }: { readonly access: Access }) => {
  const href = demoLinkFor(access, useBrand());
  return href === null ? null : (
    <Button
      color="inherit"
      size="small"
      href={href}
      target="_blank"
      rel="noopener"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {PUBLIC_CTA_TEXTS.demo}
    </Button>
  );
};
