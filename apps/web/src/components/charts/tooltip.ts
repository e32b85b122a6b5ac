// Moved to packages/charts (shared with the server's PDF reports); kept so existing imports work.
export * from '@planta/charts/tooltip';
