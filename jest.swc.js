// One swc setup for every jest project: TypeScript with legacy decorators and their metadata
// (NestJS reads constructor parameter types from it), emitted as ES modules.
export function swcTransform({ tsx = false } = {}) {
  return [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx },
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        target: 'es2022',
        // JSON imports carry `with { type: 'json' }`, which jest's ESM loader requires.
        experimental: { keepImportAttributes: true },
      },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    },
  ];
}

/** Relative imports are written with .js (Node ESM); jest resolves them to the .ts sources. */
export const esmModuleNameMapper = {
  '^@atendo/shared$': '<rootDir>/../shared/src/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};
