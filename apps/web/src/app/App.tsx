import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { AppProviders } from './AppProviders';
import { ROUTE_TABLE } from './AppRoutes';
import type { Services } from './services';

/**
 * A data router (not BrowserRouter): the admin screens block navigation with unsaved changes, and
 * react-router's useBlocker works only inside one. The route table itself stays in AppRoutes.
 */
const router = createBrowserRouter(ROUTE_TABLE);

/**
 * The console: services, the REST cache (the entry's when it seeded one from a server render),
 * the brand's theme, the router.
 */
export const App = ({
  services,
  queryClient,
}: {
  readonly services: Services;
  readonly queryClient?: QueryClient;
}) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <AppProviders services={services} queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
};
