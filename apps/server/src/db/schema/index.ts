export * from './auth.ts';
export * from './plant.ts';
export * from './exportaciones.ts';
