import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { findRoute } from '@planta/domain';
import { useLocation } from 'react-router';

/** A screen whose data arrives in a later release: its title and what it will show. */
export function PlaceholderPage() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  return (
    <Card sx={{ maxWidth: 640 }} data-testid="pantalla-pendiente">
      <CardContent sx={{ display: 'flex', gap: 2 }}>
        <ConstructionIcon color="warning" sx={{ fontSize: 40 }} />
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            {route?.title}
          </Typography>
          <Typography color="text.secondary">Mostrará: {route?.description}.</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Sus datos se conectan en una próxima versión de Planta.
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
