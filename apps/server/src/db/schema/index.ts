export * from './auth.ts';
export * from './plant.ts';
