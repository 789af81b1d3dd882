import { Typography } from '@mui/material';
import { HEADINGS, listPageTitle } from '@referrals/shared';
import { AcquiredPage } from '../acquired/AcquiredPage';
import { RecentPage } from '../recent/RecentPage';
import { ReferralListPage } from '../referrals/ReferralListPage';
import { useBrand, useDocumentTitle } from './BrandContext';

/** The screens of the admin shell, by route. */
export type AdminScreen =
  | 'allReferrals'
  | 'claimIt'
  | 'dashboard'
  | 'featureFlags'
  | 'marketplaces'
  | 'marketplace'
  | 'acquired'
  | 'recent'
  | 'notImplemented';

const Heading = ({ title }: { readonly title: string }) => {
  useDocumentTitle(listPageTitle(title, useBrand()));
  return (
    <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
      {title}
    </Typography>
  );
};

/** A screen another job builds (the marketplace admin console); it says so meanwhile. */
const Coming = ({ title }: { readonly title: string }) => (
  <>
    <Heading title={title} />
    <Typography>The {title.toLowerCase()} screen is coming.</Typography>
  </>
);

/** One screen of the admin shell. */
const AdminScreens = ({ screen }: { readonly screen: AdminScreen }) => {
  switch (screen) {
    case 'allReferrals':
      return <ReferralListPage variant="all" />;
    case 'claimIt':
      return <ReferralListPage variant="available" />;
    case 'dashboard':
      return <Heading title={HEADINGS.dashboard} />;
    case 'featureFlags':
      return <Coming title="Feature Flags" />;
    case 'marketplaces':
      return <Coming title="Marketplaces" />;
    case 'marketplace':
      return <Coming title="Marketplace" />;
    case 'acquired':
      return <AcquiredPage />;
    case 'recent':
      return <RecentPage />;
    case 'notImplemented':
      return (
        <>
          <Heading title="Not Implemented" />
          <Typography>This part of the console is not available yet.</Typography>
        </>
      );
  }
};
export default AdminScreens;
