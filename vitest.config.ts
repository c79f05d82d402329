import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources, never a stale build.
    alias: [
      { find: /^@msgsvc\/sdk\/phone$/, replacement: here('./packages/sdk/src/phone.ts') },
      { find: /^@msgsvc\/sdk\/sms$/, replacement: here('./packages/sdk/src/sms.ts') },
      { find: /^@msgsvc\/sdk\/webhooks$/, replacement: here('./packages/sdk/src/webhooks.ts') },
      { find: /^@msgsvc\/sdk$/, replacement: here('./packages/sdk/src/index.ts') },
      { find: /^@msgsvc\/mock$/, replacement: here('./packages/mock/src/index.ts') },
    ],
  },
  test: {
    include: [
      'openapi/test/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'examples/**/*.test.ts',
    ],
    typecheck: {
      enabled: true,
      include: ['packages/*/test/**/*.test-d.ts', 'openapi/test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    pool: 'threads',
  },
});
