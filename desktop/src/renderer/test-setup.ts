import { beforeAll } from '@jest/globals';

// The app draws nothing before its language's texts are loaded (main.tsx); tests draw components
// directly, so they wait for the same. A test in the node environment draws nothing and has no
// document for i18n to mark.
if (typeof document !== 'undefined') {
  const { i18nReady } = await import('./app/i18n');
  beforeAll(() => i18nReady);
}
