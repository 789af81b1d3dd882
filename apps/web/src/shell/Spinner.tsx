import { createContext, useContext } from 'react';
import { Box, Skeleton } from '@mui/material';
import { useLocation } from 'react-router';

/** True under the admin shell: its app bar and navigation are already on screen. */
export const InShellContext = createContext(false);

const ROWS = 10;

/** The outline of a list screen: a heading, a bar of filters, a table's rows. */
export const ListSkeleton = () => (
  <Box aria-hidden sx={{ p: { xs: 1, md: 0 } }}>
    <Skeleton variant="text" width={260} height={44} />
    <Skeleton variant="rounded" height={56} sx={{ my: 1 }} />
    {Array.from({ length: ROWS }, (_, i) => (
      <Skeleton key={i} variant="text" height={36} />
    ))}
  </Box>
);

/** The outline of the console before its code arrives: the app bar, the navigation, a list. */
const ShellSkeleton = () => (
  <Box aria-hidden sx={{ minHeight: '100dvh' }}>
    <Box sx={{ height: { xs: 56, sm: 64 }, bgcolor: 'primary.main' }} />
    <Box sx={{ display: 'flex' }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          width: 240,
          flexShrink: 0,
          p: 2,
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="text" height={32} />
        ))}
      </Box>
      <Box sx={{ flexGrow: 1, p: { xs: 1, md: 3 } }}>
        <ListSkeleton />
      </Box>
    </Box>
  </Box>
);

/**
 * What shows while a screen's code or the sign-in is awaited: not a spinner on a blank page but
 * the outline of what is coming, announced to screen readers by its label. Under the shell only
 * the list's outline (the shell is there already); on a console address before the shell, the
 * shell's outline too; elsewhere (the public feed) the list's.
 */
export const Spinner = ({ label = 'Loading' }: { readonly label?: string }) => {
  const inShell = useContext(InShellContext);
  const onConsole = useLocation().pathname.startsWith('/admin');
  return (
    <Box role="status" aria-label={label}>
      {inShell || !onConsole ? <ListSkeleton /> : <ShellSkeleton />}
    </Box>
  );
};
