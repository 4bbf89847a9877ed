import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

it('shared/ imports nothing from node, the DOM or electron', () => {
  const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const offenders = sources(root).filter((file) =>
    /from ['"](node:|fs|path|crypto|electron|react)|\bwindow\.|\bdocument\.|\bprocess\./.test(code(file)),
  );
  expect(offenders).toEqual([]);
});
