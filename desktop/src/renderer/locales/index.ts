import type { Resource } from 'i18next';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHome from './en/home.json';
import enQueues from './en/queues.json';
import enSettings from './en/settings.json';
import enShell from './en/shell.json';
import enUsers from './en/users.json';
import enValidation from './en/validation.json';
import esAuth from './es/auth.json';
import esCommon from './es/common.json';
import esErrors from './es/errors.json';
import esHome from './es/home.json';
import esQueues from './es/queues.json';
import esSettings from './es/settings.json';
import esShell from './es/shell.json';
import esUsers from './es/users.json';
import esValidation from './es/validation.json';
import ptAuth from './pt/auth.json';
import ptCommon from './pt/common.json';
import ptErrors from './pt/errors.json';
import ptHome from './pt/home.json';
import ptQueues from './pt/queues.json';
import ptSettings from './pt/settings.json';
import ptShell from './pt/shell.json';
import ptUsers from './pt/users.json';
import ptValidation from './pt/validation.json';

/**
 * One file per feature, mounted under its file name in a single namespace, so keys read as
 * `users.saved` or `errors.ERR_...` and the server's `validation.*` keys resolve as they are.
 */
export const resources: Resource = {
  pt: {
    translation: {
      auth: ptAuth,
      common: ptCommon,
      errors: ptErrors,
      home: ptHome,
      queues: ptQueues,
      settings: ptSettings,
      shell: ptShell,
      users: ptUsers,
      validation: ptValidation,
    },
  },
  en: {
    translation: {
      auth: enAuth,
      common: enCommon,
      errors: enErrors,
      home: enHome,
      queues: enQueues,
      settings: enSettings,
      shell: enShell,
      users: enUsers,
      validation: enValidation,
    },
  },
  es: {
    translation: {
      auth: esAuth,
      common: esCommon,
      errors: esErrors,
      home: esHome,
      queues: esQueues,
      settings: esSettings,
      shell: esShell,
      users: esUsers,
      validation: esValidation,
    },
  },
};
