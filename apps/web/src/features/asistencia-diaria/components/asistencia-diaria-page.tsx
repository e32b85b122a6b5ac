export { PlaceholderPage as AsistenciaDiariaPage } from '../../placeholder/placeholder-page.tsx';
