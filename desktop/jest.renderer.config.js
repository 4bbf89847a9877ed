import { esmModuleNameMapper, swcTransform } from '../jest.swc.js';

export default {
  displayName: 'renderer',
  testEnvironment: 'jsdom',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: esmModuleNameMapper,
  transform: { '^.+\\.tsx?$': swcTransform({ tsx: true }) },
  testMatch: ['<rootDir>/src/renderer/**/*.spec.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/src/renderer/test-setup.ts'],
};
