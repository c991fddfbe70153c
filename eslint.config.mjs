import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const transports = ['express', 'express-*', 'ws', 'cors', 'helmet', 'swagger-ui-express', '@ts-rest/*', 'node:http', 'http', 'node:https', 'https'];
const contractPaths = ['**/contract', '**/contract/*'];

/** Plain modules behind the HTTP layer: no transport, no contract. */
const plainModules = [
  'server/engine/**',
  'server/actor-sdk/**',
  'server/actor-packages/**',
  'server/fbp-runtime/**',
  'server/actors/**',
  'server/actor-config/**',
  'server/executions/**',
  'server/ide/**',
  'server/outbound-http/**',
  'server/offload/**',
  'server/deployments/**',
  'server/metrics/**',
  'server/storage/**',
];

/** Other folders reach a folder of server/ through its index, never through an inner file. */
const serverFolders = [
  'engine',
  'actor-sdk',
  'actor-packages',
  'fbp-runtime',
  'actors',
  'actor-config',
  'executions',
  'ide',
  'http',
  'ws',
  'config',
  'errors',
  'storage',
  'cluster',
  'openapi',
  'outbound-http',
  'outbound-ws',
  'offload',
  'deployments',
  'metrics',
  'guards',
  'transport',
  'tracing',
];
const deepImports = {
  group: [...serverFolders.map((f) => `**/${f}/*`), ...serverFolders.map((f) => `!**/${f}/index`)],
  message: 'Import a folder of server/ through its index.ts.',
};
/** Tests and their kits (test/support) serve tests only: production code never imports them. */
const testingOnly = { group: ['**/test/**'], message: 'test/ holds the tests and their kits; production code does not import them.' };
const transportRule = {
  paths: transports
    .filter((t) => !t.includes('*'))
    .map((name) => ({ name, message: 'Plain modules import no transport code; adapt them in server/http or server/ws.' })),
  patterns: [
    { group: transports.filter((t) => t.includes('*')), message: 'Plain modules import no transport code.' },
    { group: contractPaths, message: 'Plain modules import nothing from contract/.' },
    deepImports,
    testingOnly,
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-bench/**',
      'client/dist/**',
      'sdk/dist/**',
      'test/fixtures/sdk-consumer/**',
      'test/fixtures/actor-packages/**',
      'examples/**',
      'test/fixtures/client-consumer/**',
      'node_modules/**',
      'coverage/**',
      'client/generated/**',
      'openapi/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use a z.enum or an as-const object instead of a TypeScript enum.' }],
    },
  },
  {
    // Rules that need the types: a promise nobody awaits or catches loses its failure, and one handed where a
    // callback's result is ignored (an Express handler, an event listener) does too. No module may import,
    // through others, a module that imports it.
    files: ['**/*.ts', '**/*.cts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'] })] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: plainModules,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', transportRule],
    },
  },
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['express', 'ws'].map((name) => ({ name, message: 'contract/ imports zod and ts-rest only.' })),
          patterns: [{ group: ['**/server', '**/server/*', '**/client', '**/client/*'], message: 'contract/ imports zod and ts-rest only.' }],
        },
      ],
    },
  },
  {
    files: ['client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'express', message: 'client/ imports generated types and contract/ schemas only.' }],
          patterns: [{ group: ['**/server', '**/server/*'], message: 'client/ imports generated types and contract/ schemas only.' }],
        },
      ],
    },
  },
  {
    // The actor SDK is published on its own: it reaches the engine and the SDK folder of server/ through their
    // indexes, and nothing of the transports or the contract.
    files: ['sdk/**'],
    rules: {
      'no-restricted-imports': ['error', transportRule],
    },
  },
  {
    files: ['server/**', 'test/**', 'scripts/**'],
    ignores: plainModules,
    rules: {
      'no-restricted-imports': ['error', { patterns: [deepImports] }],
    },
  },
  {
    files: ['server/**'],
    ignores: [...plainModules, '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [deepImports, testingOnly] }],
    },
  },
  {
    // What HTTP and WebSocket both use: the request guards decide from headers, addresses and tokens, never
    // from Express or ws objects. express-rate-limit lends them its counter stores and client keys only.
    files: ['server/guards/**', 'server/transport/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['express', 'ws', 'cors', 'helmet'].map((name) => ({
            name,
            message: 'Guards and transport helpers are shared by HTTP and WebSocket: no framework.',
          })),
          patterns: [
            { group: ['@ts-rest/*'], message: 'Guards and transport helpers are shared by HTTP and WebSocket: no framework.' },
            { group: contractPaths, message: 'Guards and transport helpers import nothing from contract/.' },
            { group: ['**/http', '**/http/*', '**/ws', '**/ws/*'], message: 'Guards and transport helpers are below both transports.' },
            deepImports,
            testingOnly,
          ],
        },
      ],
    },
  },
  {
    // The WebSocket adapter reaches what HTTP also uses through server/guards and server/transport.
    files: ['server/ws/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/http', '**/http/*'], message: 'The WebSocket adapter imports nothing from server/http.' }, deepImports, testingOnly],
        },
      ],
    },
  },
  {
    // The command line runs the services in process and reaches a service through client/: the folders of server/
    // through their index, its test kits never.
    files: ['cli/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [deepImports, testingOnly] }],
    },
  },
  {
    // The command line's launcher: plain CommonJS, run before anything is compiled.
    files: ['bin/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', process: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', 'test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['*.js', '*.mjs'],
    languageOptions: { globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The /ui page: plain ES modules that run in the browser, served without a bundler.
    files: ['server/ui/static/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'location',
          'sessionStorage',
          'fetch',
          'URL',
          'URLSearchParams',
          'Node',
          'AbortController',
          'TextDecoderStream',
          'requestAnimationFrame',
          'cancelAnimationFrame',
          'setTimeout',
          'clearTimeout',
          'queueMicrotask',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    // The build check `npm start` runs first: plain CommonJS, since nothing is compiled yet.
    files: ['scripts/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', process: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Plain CommonJS programs the benchmarks start in processes of their own.
    files: ['scripts/bench/processes/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
