import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { echartsChunk } from './build/echarts-chunk.ts';
import { layoutChunk } from './build/layout-chunk.ts';
import { muiSharedChunk } from './build/shared-chunks.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: 'http://127.0.0.1:8081', ws: true },
      '/api': 'http://127.0.0.1:8081',
      '/healthz': 'http://127.0.0.1:8081',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One chunk for ECharts' runtime (build/echarts-chunk.ts), one for the MUI modules most
          // screens share (build/shared-chunks.ts), one for the main layout's imports
          // (build/layout-chunk.ts).
          groups: [echartsChunk, muiSharedChunk, layoutChunk()],
        },
      },
    },
  },
});
