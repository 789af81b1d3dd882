import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ROUTES } from '@referrals/shared';
import { AUDIT_LOG_ROUTE } from '../admin/auditLog/auditLogRoute';
import { RETURNS_ROUTE } from '../admin/returns/returnsRoute';
import { Spinner } from '../shell/Spinner';
import { RequireAuth } from './RequireAuth';

const AdminShell = lazy(() => import('../shell/AdminShell'));
const AdminScreens = lazy(() => import('./AdminScreens'));
/** The public feed's code: asked by its route, and by the entry before the first render. */
export const preloadPublicFeed = () => import('../public/PublicFeedPage');
const PublicFeedPage = lazy(preloadPublicFeed);

/** A route path under admin/, as its child route spells it. */
const child = (route: string): string => route.slice(`${ROUTES.admin}/`.length);
const abs = (route: string): string => `/${route}`;

/**
 * The route table of section 2. Screens load on demand, so the public feed never downloads the
 * admin console. Unknown admin paths go to all-referrals, everything else to the public feed.
 */
export const AppRoutes = () => (
  <Suspense fallback={<Spinner />}>
    <Routes>
      <Route
        path={ROUTES.admin}
        element={
          <RequireAuth>
            <AdminShell />
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to={abs(ROUTES.allReferrals)} replace />} />
        <Route path={child(ROUTES.allReferrals)} element={<AdminScreens screen="allReferrals" />} />
        <Route path={child(ROUTES.claimItReferrals)} element={<AdminScreens screen="claimIt" />} />
        <Route path={child(ROUTES.dashboard)} element={<AdminScreens screen="dashboard" />} />
        <Route path={child(ROUTES.featureFlags)} element={<AdminScreens screen="featureFlags" />} />
        <Route path={child(AUDIT_LOG_ROUTE)} element={<AdminScreens screen="auditLog" />} />
        <Route path={child(RETURNS_ROUTE)} element={<AdminScreens screen="returns" />} />
        <Route path={child(ROUTES.marketplaces)} element={<AdminScreens screen="marketplaces" />} />
        <Route path={child(ROUTES.marketplace)} element={<AdminScreens screen="marketplace" />} />
        <Route
          path={child(ROUTES.purchasedReferrals)}
          element={<AdminScreens screen="acquired" />}
        />
        <Route
          path={child(ROUTES.recentOpportunities)}
          element={<AdminScreens screen="recent" />}
        />
        <Route path={child(ROUTES.appetite)} element={<AdminScreens screen="appetite" />} />
        <Route
          path={child(ROUTES.notImplemented)}
          element={<AdminScreens screen="notImplemented" />}
        />
        <Route path="*" element={<Navigate to={abs(ROUTES.allReferrals)} replace />} />
      </Route>
      <Route path={ROUTES.publicReferrals} element={<PublicFeedPage />} />
      <Route path="*" element={<Navigate to={abs(ROUTES.publicReferrals)} replace />} />
    </Routes>
  </Suspense>
);

/**
 * The router's one route: every path goes to AppRoutes. The browser's data router and the
 * server render's static one are built from the same table, so both render the same tree.
 */
export const ROUTE_TABLE = [{ path: '*', element: <AppRoutes /> }];
