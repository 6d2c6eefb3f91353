/**
 * Jest runs the TypeScript sources as native ES modules (node --experimental-vm-modules), compiled by ts-jest
 * file by file (tsconfig's `isolatedModules`), with the decorator metadata Nest's dependency injection reads.
 * Type checking is `npm run typecheck`'s job, not the test runner's. The slowest files start first, by the
 * durations in test/durations.json (see the sequencer).
 */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testTimeout: 30000,
  testSequencer: '<rootDir>/test/support/slowest-first-sequencer.mjs',
};
