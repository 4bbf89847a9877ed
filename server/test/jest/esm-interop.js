import { builtinModules, createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Some CommonJS packages the server uses require ES-module-only packages (@fastify/static needs
 * content-disposition 3). Node runs that (it can require ES modules); jest on Node 20 cannot. For
 * the tests each such package is repackaged once as an ES module whose ES-module-only dependencies
 * stay plain imports, so they resolve to the very modules the rest of the server uses.
 */
const here = dirname(fileURLToPath(import.meta.url));
const cacheDir = join(here, '..', '..', '..', 'node_modules', '.cache', 'atendo-jest');
const require = createRequire(import.meta.url);

export const REPACKAGED = ['@fastify/static'];

export const repackagedPath = (name) => join(cacheDir, `${name.replace(/[@/]/g, '_')}.mjs`);

function isEsmOnly(specifier, resolveDir) {
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  try {
    const pkgJson = createRequire(join(resolveDir, 'noop.js')).resolve(`${name}/package.json`);
    return JSON.parse(readFileSync(pkgJson, 'utf8')).type === 'module';
  } catch {
    // Packages whose exports hide package.json: treat as ES module when require resolves to .mjs.
    return false;
  }
}

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

export default async function repackage() {
  mkdirSync(cacheDir, { recursive: true });
  for (const name of REPACKAGED) {
    const names = Object.keys(require(name)).filter(
      (n) => n !== 'default' && n !== '__esModule' && /^[A-Za-z_$][\w$]*$/.test(n),
    );
    const hasDefault = name === '@fastify/static';
    await build({
      stdin: {
        contents: `import * as pkg from '${name}';\nexport const { ${names.join(', ')} } = pkg;\n${hasDefault ? 'export default pkg.default ?? pkg;' : ''}`,
        resolveDir: here,
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: repackagedPath(name),
      logLevel: 'error',
      plugins: [
        {
          name: 'keep-esm-imports',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => {
              if (args.namespace === 'shim') return { path: args.path, external: true };
              if (args.kind === 'entry-point' || args.path === name) return undefined;
              if (builtins.has(args.path) || isEsmOnly(args.path, args.resolveDir))
                return { path: args.path, namespace: 'shim' };
              return undefined;
            });
            b.onLoad({ filter: /.*/, namespace: 'shim' }, (args) => ({
              contents: `export * from '${args.path}';\nimport * as all from '${args.path}';\nexport default all.default ?? all;`,
              loader: 'js',
            }));
          },
        },
      ],
    });
  }
}
