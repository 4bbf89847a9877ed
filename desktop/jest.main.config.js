import { esmModuleNameMapper, swcTransform } from '../jest.swc.js';

export default {
  displayName: 'desktop-main',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: esmModuleNameMapper,
  transform: { '^.+\\.ts$': swcTransform() },
  testMatch: ['<rootDir>/src/main/**/*.spec.ts', '<rootDir>/src/preload/**/*.spec.ts'],
};
