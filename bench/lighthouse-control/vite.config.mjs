import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The same build settings as the app's (web/vite.config.ts) where they touch the first load.
export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', modulePreload: { polyfill: false } },
});
