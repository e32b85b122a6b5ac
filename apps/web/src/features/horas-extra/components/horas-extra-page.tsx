export { PlaceholderPage as HorasExtraPage } from '../../placeholder/placeholder-page.tsx';
