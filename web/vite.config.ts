/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// `make dev`: Vite serves the app with hot reload and hands everything the Go binary answers to it.
// The binary runs on devnet (LUCKY_DEV_API, default http://127.0.0.1:8080).
const apiOrigin = process.env.LUCKY_DEV_API ?? 'http://127.0.0.1:8080';

/**
 * On devnet the Go server adds the dev wallet's script to index.html (internal/server/spa.go).
 * Vite's dev server serves its own index.html, so in serve mode this plugin adds the same tag and
 * the dev wallet (window.starkey.supra) works in development too. Never part of a build.
 */
function devWallet(): Plugin {
  return {
    name: 'lucky-dev-wallet',
    apply: 'serve',
    transformIndexHtml: () => [
      { tag: 'script', attrs: { src: '/devnet/wallet.js', defer: true }, injectTo: 'head-prepend' },
    ],
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss(), devWallet()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // Inline nothing: the server's CSP forbids data: scripts and we want every asset cacheable.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: {
    host: '127.0.0.1',
    // /rpc and /devnet: the emulated node, its admin and the dev wallet (script, styles, signing).
    proxy: Object.fromEntries(['/api', '/rpc', '/devnet', '/healthz'].map((p) => [p, apiOrigin])),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
