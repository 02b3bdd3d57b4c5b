import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: integration files each start their own mongod and redis-server.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'services',
          include: ['services/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      './pwa/vite.config.ts',
    ],
  },
});
