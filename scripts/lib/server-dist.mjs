// The built server's modules for the operator's commands (backup, restore, reseal), which read the
// same environment as the server. `npm start` builds them; without a build the command says so.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'dist');

/** Imports server/dist/<path>, or ends the process naming the missing build. */
export async function serverModule(command, path) {
  const file = join(dist, path);
  if (!existsSync(file)) {
    console.error(`${command}: the server is not built (no ${file}): run npm run build first`);
    process.exit(1);
  }
  return import(file);
}

/** The configuration the server would start with, or ends the process with its error. */
export async function serverConfig(command) {
  const { loadConfig, ConfigError } = await serverModule(command, 'config/config.js');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${command}: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
