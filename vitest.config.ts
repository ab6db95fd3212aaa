import { defineConfig } from 'vitest/config';
import { compileMessages } from './src/i18n/compile.ts';

// The compiled messages (src/i18n/generated/, not committed) must exist before any test imports them.
await compileMessages();

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Temporary folders in one folder per run, removed at its end (tests/setup/temp-dir.ts).
    globalSetup: ['tests/setup/temp-dir.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
