/** npm run bench: every benchmark, printing figures and ratios. */
await import('./api-read.ts');
await import('./api-overhead.ts');
await import('./plant-data.ts');
await import('./cinco-anos.ts');
await import('./web-bundle.ts');
await import('./lighthouse.ts');
await import('./lcp-frio.ts');
await import('./live.ts');
await import('./export.ts');
await import('./perdidas.ts');
await import('./scale-out.ts');

export {};
