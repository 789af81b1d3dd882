import type { ReactNode } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { listPageTitle, ROUTES } from '@referrals/shared';
import { useBrand, useDocumentTitle } from './BrandContext';
import { useSession } from './useSession';

/** What a signed-in user who is not an admin sees at an admin-only address. */
export const ADMIN_ONLY_TEXTS = {
  heading: 'This page is for marketplace admins',
  body: 'Only marketplace admins can open it. If something here needs changing, ask your marketplace admin.',
  back: 'Go to your referrals',
} as const;

/** The one page a non-admin gets instead of an admin screen: nothing of the screen loads. */
export const AdminOnlyPage = () => {
  useDocumentTitle(listPageTitle(ADMIN_ONLY_TEXTS.heading, useBrand()));
  return (
    <Box component="section" aria-labelledby="admin-only-heading" sx={{ maxWidth: 560, py: 2 }}>
      <Typography id="admin-only-heading" variant="h5" component="h1" sx={{ mb: 1 }}>
        {ADMIN_ONLY_TEXTS.heading}
      </Typography>
      <Typography sx={{ mb: 2 }}>{ADMIN_ONLY_TEXTS.body}</Typography>
      <Link component={RouterLink} to={`/${ROUTES.allReferrals}`}>
        {ADMIN_ONLY_TEXTS.back}
      </Link>
    </Box>
  );
};

/**
 * Admins' own screens. Anyone else gets the page above; the screen (a lazy chunk) is never
 * rendered, so none of its calls to admin-only APIs is made.
 */
export const AdminOnly = ({ children }: { readonly children: ReactNode }) =>
  useSession().access.isAdmin ? children : <AdminOnlyPage />;
