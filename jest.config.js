// ESM-only packages that CommonJS dependencies require() (@fastify/static → content-disposition): Node 20
// cannot require(esm), so jest compiles them to CJS (swagger-parser → json-schema-ref-parser too). `cookie` is imported, never required: only left untouched.
const ESM_REQUIRED_FROM_CJS = ['content-disposition', '@apidevtools/json-schema-ref-parser'];

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
    [`/node_modules/(${ESM_REQUIRED_FROM_CJS.join('|')})/.+\\.js$`]: [
      'ts-jest',
      { useESM: false, tsconfig: { allowJs: true, module: 'commonjs', esModuleInterop: true } },
    ],
    // CommonJS that require()s Nest (ESM only): given the test's own Nest modules, see the transform.
    '/node_modules/@nestjs/throttler/dist/.+\\.js$': '<rootDir>/test/support/nest-for-cjs-transform.js',
  },
  transformIgnorePatterns: [
    `/node_modules/(?!(${['cookie', '@nestjs/throttler', ...ESM_REQUIRED_FROM_CJS].join('|')})/)`,
  ],
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/server/**/*.spec.ts', '<rootDir>/shared/**/*.spec.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/nest-for-cjs.ts', '<rootDir>/test/support/jest-after-env.ts'],
  maxWorkers: 2,
  // A worker keeps much of what every file it ran left in memory (ESM modules under vm stay reachable), and its late
  // files ran 10-30 times slower than alone (readiness 154 s against 6 s). A worker over 1 GB after a file is replaced (the suite on PostgreSQL: 30 min → 18, jest
  // also ordering files by the run before's durations).
  workerIdleMemoryLimit: '1GB',
  testTimeout: 60_000,
};
