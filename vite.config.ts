import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is built into dist/ and served by the gateway (server/) from the same origin as /api.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
