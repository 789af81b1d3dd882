import { useMemo, useState } from 'react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { AppRoutes } from './AppRoutes';
import { useBrand } from './BrandContext';
import { ServicesContext, type Services } from './services';
import { useColourMode } from '../theme/colourMode';
import { createAppTheme } from '../theme/theme';

/**
 * A data router (not BrowserRouter): the admin screens block navigation with unsaved changes, and
 * react-router's useBlocker works only inside one. The route table itself stays in AppRoutes.
 */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

/** The console: services, the REST cache, the brand's theme, the router. */
export const App = ({ services }: { readonly services: Services }) => {
  const [queryClient] = useState(createQueryClient);
  const brand = useBrand();
  // Signed-out pages (the public feed) follow the system; the admin shell applies the user's choice.
  const mode = useColourMode('system');
  const theme = useMemo(() => createAppTheme(brand, false, mode), [brand, mode]);
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <RouterProvider router={router} />
          </ThemeProvider>
        </JotaiProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
};
