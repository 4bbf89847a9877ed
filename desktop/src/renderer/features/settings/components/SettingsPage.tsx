import { Tab, TabList } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { OptionsTab } from './OptionsTab';

/** Settings: the options tab; the schedules, companies, plans and helps tabs join it as they land. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <TabList selectedValue="options">
        <Tab value="options">{t('settings.tabs.options')}</Tab>
      </TabList>
      <OptionsTab />
    </>
  );
}
