/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  transformIgnorePatterns: ['/node_modules/(?!cookie/)'],
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/server/**/*.spec.ts', '<rootDir>/shared/**/*.spec.ts'],
  maxWorkers: 2,
  testTimeout: 60_000,
};
