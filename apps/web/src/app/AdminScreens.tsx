import { lazy, Suspense, type ReactNode } from 'react';
import { Typography } from '@mui/material';
import { Navigate } from 'react-router';
import { HEADINGS, listPageTitle, ROUTES } from '@referrals/shared';
import { AcquiredPage } from '../acquired/AcquiredPage';
import { AuditLogPage } from '../admin/auditLog/AuditLogPage';
import { FeatureFlagsPage } from '../admin/featureFlags/FeatureFlagsPage';
import { MarketplaceFormPage } from '../admin/marketplaces/form/MarketplaceFormPage';
import { MarketplacesPage } from '../admin/marketplaces/list/MarketplacesPage';
import { ReturnsPage } from '../admin/returns/ReturnsPage';
import { RecentPage } from '../recent/RecentPage';
import { ReferralListPage } from '../referrals/ReferralListPage';
import { useBrand, useDocumentTitle } from './BrandContext';
import { useSession } from './useSession';

// Charts are only downloaded by those who open the dashboard.
const DashboardPage = lazy(() => import('../dashboard/DashboardPage'));

/** The screens of the admin shell, by route. */
export type AdminScreen =
  | 'allReferrals'
  | 'claimIt'
  | 'dashboard'
  | 'featureFlags'
  | 'auditLog'
  | 'returns'
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

// Admins' own screens: anyone else is sent where an unknown admin path goes.
const AdminOnly = ({ children }: { readonly children: ReactNode }) =>
  useSession().access.isAdmin ? children : <Navigate to={`/${ROUTES.allReferrals}`} replace />;

/** One screen of the admin shell. */
const AdminScreens = ({ screen }: { readonly screen: AdminScreen }) => {
  switch (screen) {
    case 'allReferrals':
      return <ReferralListPage variant="all" />;
    case 'claimIt':
      return <ReferralListPage variant="available" />;
    case 'dashboard':
      return (
        <>
          <Heading title={HEADINGS.dashboard} />
          <Suspense fallback={null}>
            <DashboardPage />
          </Suspense>
        </>
      );
    case 'featureFlags':
      return <FeatureFlagsPage />;
    case 'auditLog':
      return (
        <AdminOnly>
          <AuditLogPage />
        </AdminOnly>
      );
    case 'returns':
      return (
        <AdminOnly>
          <ReturnsPage />
        </AdminOnly>
      );
    case 'marketplaces':
      return <MarketplacesPage />;
    case 'marketplace':
      return <MarketplaceFormPage />;
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
