/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // `vite dev` talks to a locally started stack (npm start serves the gateway on 8080).
    proxy: { '/api': process.env.VITE_API_PROXY ?? 'http://localhost:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    name: 'pwa',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
