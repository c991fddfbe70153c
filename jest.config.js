/**
 * Jest runs TypeScript through SWC; type-checking is the separate `npm run typecheck` step. Tests that time
 * the server while it works (`*.alone.test.ts`) are left out here: `npm run test:jest` runs them afterwards,
 * one at a time, so that the other test files do not share the cores with them.
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/model', '<rootDir>/contract', '<rootDir>/server', '<rootDir>/client', '<rootDir>/cli', '<rootDir>/test', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '\\.alone\\.test\\.ts$'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 20000,
};
