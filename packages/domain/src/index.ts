export * from './aggregation.ts';
export * from './calendar.ts';
export * from './downsample.ts';
export * from './kpis.ts';
export * from './production-day.ts';
export * from './ritmo.ts';
export * from './roles.ts';
export * from './routes.ts';
