import { useMemo, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useBrand } from './BrandContext';
import { ServicesContext, type Services } from './services';
import { useColourMode } from '../theme/colourMode';
import { createAppTheme } from '../theme/theme';

/**
 * What every page renders inside: services, the REST cache, jotai, the brand's theme. The same
 * around the browser's router and the server render's, so a hydrated page matches its markup.
 */
export const AppProviders = ({
  services,
  queryClient,
  children,
}: {
  readonly services: Services;
  readonly queryClient: QueryClient;
  readonly children: ReactNode;
}) => {
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
            {children}
          </ThemeProvider>
        </JotaiProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
};
