import { isPlatformSetting, SETTING_KEYS, SETTINGS, type SettingKey, settingValue } from '@atendo/shared';
import { Field, Input, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { useListSettingsQuery, useUpdateSettingMutation } from '../settings.api';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
});

/**
 * A free-text secret (the payment provider key): saved when the field loses focus, if changed.
 * The parent keys it by the stored value, so a save from elsewhere resets the draft.
 */
function SecretSetting({
  settingKey,
  value,
  onSave,
}: {
  settingKey: SettingKey;
  value: string;
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  return (
    <Field label={t(`settings.keys.${settingKey}`)} hint={t(`settings.hints.${settingKey}`)}>
      <Input
        type="password"
        autoComplete="off"
        value={draft}
        onChange={(_event, data) => setDraft(data.value)}
        onBlur={() => draft !== value && onSave(draft)}
      />
    </Field>
  );
}

export function OptionsTab() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { data: settings, isLoading, error } = useListSettingsQuery();
  const [updateSetting] = useUpdateSettingMutation();

  const save = async (key: SettingKey, value: string) => {
    try {
      await updateSetting({ key, value }).unwrap();
      notify.success(t('settings.saved'));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };

  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (error) return <Text>{errorText(i18n, error)}</Text>;

  return (
    <div className={styles.grid}>
      {SETTING_KEYS.map((key) => {
        // The platform's own keys (the payment provider's) come only to the platform company.
        if (isPlatformSetting(key) && !settings?.some((setting) => setting.key === key)) return null;
        const value = settingValue(settings, key);
        const allowed = SETTINGS[key].values;
        if (!allowed) {
          return (
            <SecretSetting
              key={`${key}:${value}`}
              settingKey={key}
              value={value}
              onSave={(next) => void save(key, next)}
            />
          );
        }
        return (
          <Field key={key} label={t(`settings.keys.${key}`)}>
            <Select value={value} onChange={(_event, data) => void save(key, data.value)}>
              {allowed.map((option) => (
                <option key={option} value={option}>
                  {t(`settings.values.${key}.${option}`)}
                </option>
              ))}
            </Select>
          </Field>
        );
      })}
    </div>
  );
}
