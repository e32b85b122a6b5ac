import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A screen's data could not be loaded: the reason and 'Reintentar', which reloads every query on screen. */
export function LoadError({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <Alert
      severity="error"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => void queryClient.refetchQueries({ type: 'active' })}
        >
          Reintentar
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
