import * as yup from 'yup';
import { tooLong, V } from '../common/validation.js';
import { SETTINGS, type SettingKey } from './settings.types.js';

/** The value schema for one setting key: one of its allowed values, or free text up to 500. */
export function settingValueSchema(key: SettingKey) {
  const allowed = SETTINGS[key].values;
  const base = yup.string().defined(V.required).max(500, tooLong);
  return allowed ? base.oneOf([...allowed], V.oneOf) : base;
}

export function settingUpdateSchema(key: SettingKey) {
  return yup.object({ value: settingValueSchema(key) });
}
