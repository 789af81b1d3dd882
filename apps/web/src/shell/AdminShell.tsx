import { useMemo } from 'react';
import { AppBar, Box, CssBaseline, Drawer, Toolbar, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { Outlet } from 'react-router-dom';
import { marketplaceTitle } from '@referrals/shared';
import { useBrand } from '../app/BrandContext';
import { useServices } from '../app/services';
import { useSession } from '../app/useSession';
import { isAgent } from '../alerts/alertRules';
import { AlertSettings } from '../alerts/AlertSettings';
import { ReferralAlerts } from '../alerts/ReferralAlerts';
import { PreferencesButton } from '../preferences/PreferencesButton';
import { PreferencesContext, usePreferencesState } from '../preferences/usePreferences';
import { useColourMode } from '../theme/colourMode';
import { createAppTheme } from '../theme/theme';
import { LiveIndicator } from './LiveIndicator';
import { ProfileMenu } from './ProfileMenu';
import { SideNav } from './SideNav';

const NAV_WIDTH = 240;

/** The admin shell: top bar with the live indicator and profile menu, side navigation, the screen. */
const AdminShell = () => {
  const brand = useBrand();
  const { access, username } = useSession();
  const { api } = useServices();
  const preferences = usePreferencesState(api, username);
  const mode = useColourMode(preferences.preferences.theme);
  const theme = useMemo(
    () => createAppTheme(brand, access.purpleTheme, mode),
    [brand, access.purpleTheme, mode],
  );
  const agent = isAgent(access);
  return (
    <PreferencesContext.Provider value={preferences}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {agent && <ReferralAlerts access={access} username={username} />}
        <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: 2 }}>
            <Typography variant="h6" component="p" sx={{ flexGrow: 1 }}>
              {brand.displayName} · {marketplaceTitle(access)}
            </Typography>
            <LiveIndicator />
            <PreferencesButton alerts={agent ? <AlertSettings /> : undefined} />
            <ProfileMenu access={access} username={username} />
          </Toolbar>
        </AppBar>
        <Drawer
          variant="permanent"
          sx={{
            width: NAV_WIDTH,
            flexShrink: 0,
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          <SideNav access={access} />
        </Drawer>
        <Box
          component="main"
          sx={{ flexGrow: 1, p: { xs: 1, md: 3 }, ml: { md: `${NAV_WIDTH}px` } }}
        >
          <Toolbar />
          <Outlet />
        </Box>
      </ThemeProvider>
    </PreferencesContext.Provider>
  );
};
export default AdminShell;
