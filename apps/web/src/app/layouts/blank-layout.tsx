import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/feedback/loading.tsx';

/** No header, no drawer: the login screen and the OBZ board for the plant TV. */
export function BlankLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh' }}>
      <Suspense fallback={<Loading fullScreen />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
