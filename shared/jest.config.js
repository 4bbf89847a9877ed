import { esmModuleNameMapper, swcTransform } from '../jest.swc.js';

export default {
  displayName: 'shared',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: esmModuleNameMapper,
  transform: { '^.+\\.ts$': swcTransform() },
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
