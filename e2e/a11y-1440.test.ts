import { pruebasAccesibilidad } from './a11y.ts';

// Every route, page and dialog at 1440 px, the keyboard-only paths and reduced motion (a11y.ts).
pruebasAccesibilidad({ nombre: 'a11y-1440', anchos: [1440], tecladoYMovimiento: true });
