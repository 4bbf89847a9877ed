import { esmModuleNameMapper, swcTransform } from '../jest.swc.js';
import { REPACKAGED, repackagedPath } from './test/jest/esm-interop.js';

// fastify's inject (light-my-request, CommonJS) requires cookie 2.x, which ships only as ESM:
// jest's CommonJS loader cannot require it, so that one package is compiled to CommonJS.
const commonJs = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];

export default {
  displayName: 'server',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  globalSetup: '<rootDir>/test/jest/esm-interop.js',
  moduleNameMapper: {
    ...Object.fromEntries(REPACKAGED.map((name) => [`^${name}$`, repackagedPath(name)])),
    ...esmModuleNameMapper,
  },
  transformIgnorePatterns: ['/node_modules/(?!cookie/)'],
  transform: {
    '^.+\\.ts$': swcTransform(),
    '/node_modules/cookie/.+\\.js$': commonJs,
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 30_000,
};
