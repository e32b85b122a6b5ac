import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AREA_ICONS } from '../../components/navigation/route-icons.tsx';
import { useNav } from '../../components/navigation/use-nav.ts';
import { useAuth } from '../../lib/auth-store.ts';

const shortTitle = (title: string) => title.replace(/ \| Configuración$/, '').replace(/ ~ .*$/, '');

/** A card per area the user may open, with its screens as quick links. */
export function MenuPage() {
  const { user } = useAuth();
  const groups = useNav().filter((group) => group.area.id !== 'inicio');
  return (
    <>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
        Hola, {user?.name}. Elija un área.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {groups.map(({ area, routes }) => (
          <Card key={area.id} component="section" aria-label={area.title}>
            <CardActionArea component={RouterLink} to={routes[0]?.path ?? '/menu'}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                <Box
                  sx={{
                    color: 'primary.main',
                    fontSize: 40,
                    lineHeight: 0,
                    '& svg': { fontSize: 'inherit' },
                  }}
                >
                  {AREA_ICONS[area.id]}
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h6" component="h2">
                    {area.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {area.description}
                  </Typography>
                </Box>
              </CardContent>
            </CardActionArea>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
              {routes.map((route) => (
                <Chip
                  key={route.path}
                  label={shortTitle(route.title)}
                  component={RouterLink}
                  to={route.path}
                  clickable
                  size="small"
                  variant="outlined"
                />
              ))}
            </Stack>
          </Card>
        ))}
      </Box>
    </>
  );
}
