// The thread that draws a PDF report (ECharts SSR, svg-to-pdfkit, pdfkit and font subsetting are
// synchronous work of up to a second: here they never stop the event loop that answers HTTP).
// Plain JavaScript that registers tsx itself, so it loads the same under tsx, vitest or node.
import { register } from 'tsx/esm/api';

register();
await import('./hilo-pdf-impl.ts');
