import { esmModuleNameMapper, swcTransform } from '../jest.swc.js';

// fastify's inject (light-my-request, CommonJS) requires cookie 2.x, which ships only as ESM:
// jest's CommonJS loader cannot require it, so that one package is compiled to CommonJS.
const commonJs = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];

export default {
  displayName: 'server',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: esmModuleNameMapper,
  transformIgnorePatterns: ['/node_modules/(?!cookie/)'],
  transform: {
    '^.+\\.ts$': swcTransform(),
    '/node_modules/cookie/.+\\.js$': commonJs,
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 30_000,
};
