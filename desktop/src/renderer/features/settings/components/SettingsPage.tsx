import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { PageHeader } from '../../../components/PageHeader';
import { selectSessionUser } from '../../auth/auth.slice';
import { useListSettingsQuery } from '../settings.api';
import { MOVED_SETTINGS_TABS, visibleSettingsTabs } from '../settings-tabs';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** Settings: the tabs of SETTINGS_TABS this user may see; the open one is kept in `?tab=`. */
export function SettingsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useAppSelector(selectSessionUser);
  const { data: settings } = useListSettingsQuery();
  const [params, setParams] = useSearchParams();
  // Until the settings list arrives, the session's copy says whether the schedules tab exists.
  const tabs = visibleSettingsTabs({ user, settings: settings ?? user?.company.settings });
  // A tab that went away (scheduleType changed, an old link) falls back to the first one.
  const current = tabs.find((tab) => tab.value === params.get('tab')) ?? tabs[0];
  const Current = current.component;
  const moved = MOVED_SETTINGS_TABS[params.get('tab') ?? ''];
  if (moved) return <Navigate to={moved} replace />;

  return (
    <div className={styles.page}>
      <PageHeader title={t('settings.title')} />
      <TabList
        selectedValue={current.value}
        onTabSelect={(_event, data) => setParams({ tab: String(data.value) }, { replace: true })}
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value}>
            {t(tab.labelKey)}
          </Tab>
        ))}
      </TabList>
      <Current />
    </div>
  );
}
