/** Jest runs TypeScript through SWC; type-checking is the separate `npm run typecheck` step. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/model', '<rootDir>/contract', '<rootDir>/server', '<rootDir>/client', '<rootDir>/test', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 20000,
};
