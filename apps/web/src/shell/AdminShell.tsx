import { Suspense, useCallback, useMemo, useState } from 'react';
import { AppBar, Box, CssBaseline, Drawer, IconButton, Toolbar, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { ThemeProvider } from '@mui/material/styles';
import { Outlet } from 'react-router';
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
import { ToastProvider } from '../toasts/ToastProvider';
import { appBarTitle } from './appBarTitle';
import { DemoLink } from './DemoLink';
import { LiveIndicator } from './LiveIndicator';
import { ProfileMenu } from './ProfileMenu';
import { SideNav } from './SideNav';
import { InShellContext, ListSkeleton } from './Spinner';
import { NAV_BREAKPOINT, useCompactLayout } from './useCompactLayout';

const NAV_WIDTH = 240;
const NAV_ID = 'console-navigation';

/**
 * The admin shell: top bar with the live indicator and profile menu, side navigation, the screen.
 * Below the navigation breakpoint the side navigation is a temporary drawer opened by the app
 * bar's menu button; it closes when an item is chosen, on Escape and on a click outside.
 */
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
  const compact = useCompactLayout();
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = useCallback(() => setNavOpen(false), []);
  return (
    <PreferencesContext.Provider value={preferences}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          {agent && <ReferralAlerts access={access} username={username} />}
          <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
            <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
              {compact && (
                <IconButton
                  color="inherit"
                  edge="start"
                  aria-label="Open navigation"
                  aria-controls={navOpen ? NAV_ID : undefined}
                  aria-expanded={navOpen}
                  onClick={() => setNavOpen(true)}
                >
                  <MenuIcon />
                </IconButton>
              )}
              <Typography variant="h6" component="p" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
                {appBarTitle(brand.displayName, marketplaceTitle(access), compact)}
              </Typography>
              <DemoLink access={access} />
              <LiveIndicator />
              <PreferencesButton alerts={agent ? <AlertSettings /> : undefined} />
              <ProfileMenu access={access} username={username} />
            </Toolbar>
          </AppBar>
          {compact ? (
            <Drawer
              variant="temporary"
              open={navOpen}
              onClose={closeNav}
              // Over the app bar, which is raised above the drawers for the permanent one.
              sx={{ zIndex: (t) => t.zIndex.modal }}
              slotProps={{ paper: { id: NAV_ID, sx: { width: NAV_WIDTH } } }}
            >
              <SideNav access={access} onNavigate={closeNav} />
            </Drawer>
          ) : (
            <Drawer
              variant="permanent"
              sx={{
                width: NAV_WIDTH,
                flexShrink: 0,
                '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' },
              }}
            >
              <Toolbar />
              <SideNav access={access} />
            </Drawer>
          )}
          <Box
            component="main"
            sx={{
              flexGrow: 1,
              p: { xs: 1, [NAV_BREAKPOINT]: 3 },
              ml: { [NAV_BREAKPOINT]: `${NAV_WIDTH}px` },
            }}
          >
            <Toolbar />
            <InShellContext.Provider value>
              <Suspense fallback={<ListSkeleton />}>
                <Outlet />
              </Suspense>
            </InShellContext.Provider>
          </Box>
        </ToastProvider>
      </ThemeProvider>
    </PreferencesContext.Provider>
  );
};
export default AdminShell;
