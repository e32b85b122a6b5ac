import { pruebasAccesibilidad } from './a11y.ts';

// Every route, page and dialog at 360 px (a11y.ts).
pruebasAccesibilidad({ nombre: 'a11y-360', anchos: [360], tecladoYMovimiento: false });
