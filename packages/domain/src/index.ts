export * from './calendar.ts';
export * from './roles.ts';
export * from './routes.ts';
