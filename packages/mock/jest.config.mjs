// Jest runs only test/jest/: plain ESM JavaScript against the built package (dist/), no transform,
// under Node's native ESM support (`node --experimental-vm-modules`). Everything else is vitest's.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test/jest'],
  testMatch: ['<rootDir>/test/jest/**/*.test.mjs'],
  moduleFileExtensions: ['mjs', 'js', 'json'],
  transform: {},
  testTimeout: 20_000,
};
