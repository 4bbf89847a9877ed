import { describe, expect, it } from '@jest/globals';
/* eslint-disable no-restricted-imports -- this test reads the locale files and sources from disk; it never ships in the bundle. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DESKTOP_ERROR_CODES,
  ERROR_CODES,
  LANGUAGES,
  PLAN_FEATURES,
  PROFILES,
  RECURRENCES,
  SETTING_KEYS,
  SETTINGS,
  V,
  WEEKDAYS_EN,
} from '@atendo/shared';

const here = dirname(fileURLToPath(import.meta.url));
const rendererRoot = join(here, '..');

type Tree = { [key: string]: string | Tree };

function loadLanguage(lang: string): Tree {
  const folder = join(here, lang);
  const tree: Tree = {};
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    tree[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Tree;
  }
  return tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [k, v] of flatten(value, path)) keys.set(k, v);
  }
  return keys;
}

/** i18next plural forms resolve `key` with `count` to `key_one` / `key_other`. */
function resolves(keys: Map<string, string>, key: string): boolean {
  return keys.has(key) || keys.has(`${key}_other`);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

const trees = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(loadLanguage(lang))]));

describe('locales', () => {
  it('has the same keys in every language', () => {
    const all = new Set(LANGUAGES.flatMap((lang) => [...trees[lang].keys()]));
    const missing = LANGUAGES.flatMap((lang) =>
      [...all].filter((key) => !trees[lang].has(key)).map((key) => `${lang}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no empty translation', () => {
    const empty = LANGUAGES.flatMap((lang) =>
      [...trees[lang]].filter(([, text]) => !text.trim()).map(([key]) => `${lang}: ${key}`),
    );
    expect(empty).toEqual([]);
  });

  it('translates every error code of the shared catalogue', () => {
    const missing = LANGUAGES.flatMap((lang) =>
      ERROR_CODES.filter((code) => !trees[lang].has(`errors.${code}`)).map((code) => `${lang}: errors.${code}`),
    );
    expect(missing).toEqual([]);
  });

  it("translates every error code of the desktop app's main process", () => {
    expect(DESKTOP_ERROR_CODES.length).toBeGreaterThan(0);
    const missing = LANGUAGES.flatMap((lang) =>
      DESKTOP_ERROR_CODES.filter((code) => !trees[lang].has(`errors.${code}`)).map((code) => `${lang}: errors.${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('translates every validation key of the shared schemas', () => {
    const missing = LANGUAGES.flatMap((lang) =>
      Object.values(V)
        .filter((key) => !trees[lang].has(key))
        .map((key) => `${lang}: ${key}`),
    );
    expect(missing).toEqual([]);
    for (const lang of LANGUAGES) {
      expect(trees[lang].get(V.tooShort)).toContain('{{min}}');
      expect(trees[lang].get(V.tooLong)).toContain('{{max}}');
    }
  });

  it('labels every setting and each of its values', () => {
    const missing = LANGUAGES.flatMap((lang) =>
      SETTING_KEYS.flatMap((key) => [
        `settings.keys.${key}`,
        ...(SETTINGS[key].values ?? []).map((value) => `settings.values.${key}.${value}`),
      ])
        .filter((key) => !trees[lang].has(key))
        .map((key) => `${lang}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('defines the keys the renderer builds from shared constants', () => {
    const built = [
      ...LANGUAGES.map((lang) => `common.languages.${lang}`),
      ...PROFILES.map((profile) => `users.profiles.${profile}`),
      ...WEEKDAYS_EN.map((day) => `common.weekdays.${day}`),
      ...['users', 'connections', 'queues'].flatMap((limit) => [
        `auth.signup.limits.${limit}`,
        `auth.signup.limits.${limit}Unlimited`,
      ]),
      ...SETTING_KEYS.filter((key) => SETTINGS[key].values === null).map((key) => `settings.hints.${key}`),
      ...PLAN_FEATURES.map((feature) => `settings.plans.features.${feature}`),
      ...RECURRENCES.map((recurrence) => `settings.companies.recurrences.${recurrence}`),
    ];
    const missing = LANGUAGES.flatMap((lang) =>
      built.filter((key) => !resolves(trees[lang], key)).map((key) => `${lang}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('defines every literal key the renderer passes to t()', () => {
    const literal = /\bt\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g;
    const used = new Set<string>();
    for (const file of sourceFiles(rendererRoot)) {
      for (const match of readFileSync(file, 'utf8').matchAll(literal)) used.add(match[1]);
    }
    for (const file of sourceFiles(rendererRoot)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:labelKey|adminLabelKey|descriptionKey): '([\w.]+)'/g))
        used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = LANGUAGES.flatMap((lang) =>
      [...used].filter((key) => !resolves(trees[lang], key)).map((key) => `${lang}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
