/**
 * @jest-environment node
 */
import { describe, expect, it } from '@jest/globals';
/* eslint-disable no-restricted-imports -- this test reads the build from disk; it never ships in the bundle. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@atendo/shared';

/**
 * What /login and /tickets download, computed from the build (desktop/dist/renderer, written by
 * `npm run build`, which `npm test` runs first) and its Vite manifest: the entry chunk and every
 * chunk it imports statically, the chunks of the route's pages with theirs, and the active
 * language's chunk, each at the size the server sends (its brotli copy; a file too small to gain
 * from compression has none and goes as it is). Sizes of a build are deterministic, so going over a
 * budget fails here rather than in a timed benchmark.
 */
const desktopRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const webDir = join(desktopRoot, 'dist', 'renderer');
const manifestFile = join(webDir, '.vite', 'manifest.json');
const { screens } = JSON.parse(readFileSync(join(desktopRoot, 'first-screens.json'), 'utf8')) as {
  screens: { path: string; budget: number; pages: string[] }[];
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: run \`npm run build\` (or \`npm run build -w desktop\`) first`);
  }
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
}

const manifest = readManifest();
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const languageKey = (language: string) => `src/renderer/locales/${language}.ts`;

/** The chunks a module needs before it runs: itself and its static imports, transitively. */
function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

function sentSize(file: string, suffix: '.br' | '.gz'): number {
  const path = join(webDir, file);
  return statSync(existsSync(path + suffix) ? path + suffix : path).size;
}

function scriptsOf(keys: Set<string>) {
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const sum = (suffix: '.br' | '.gz') => files.reduce((total, file) => total + sentSize(file, suffix), 0);
  return { files, brotli: sum('.br'), gzip: sum('.gz') };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

describe('the first screen', () => {
  it('has an entry, and each language in a chunk of its own that the entry does not import', () => {
    expect(entryKey).toBeDefined();
    const initial = staticClosure([entryKey!]);
    for (const language of LANGUAGES) {
      expect(manifest[languageKey(language)]).toBeDefined();
      expect(initial.has(languageKey(language))).toBe(false);
    }
    expect(manifest[entryKey!].dynamicImports).toEqual(expect.arrayContaining(LANGUAGES.map(languageKey)));
  });

  it.each(screens)('of $path stays within its budget in every language', ({ budget, pages }) => {
    const measured = LANGUAGES.map((language) => ({
      language,
      ...scriptsOf(staticClosure([entryKey!, ...pages, languageKey(language)])),
    }));
    const worst = measured.reduce((a, b) => (b.brotli > a.brotli ? b : a));
    const summary = measured
      .map((m) => `${m.language}: ${kB(m.brotli)} brotli (${kB(m.gzip)} gzip), ${m.files.length} files`)
      .join('; ');
    // The figures are in the message so a failure says by how much.
    expect({ brotli: worst.brotli <= budget ? 'within' : `over ${kB(budget)}`, summary }).toEqual({
      brotli: 'within',
      summary,
    });
  });
});
