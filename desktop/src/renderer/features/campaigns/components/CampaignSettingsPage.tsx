import {
  type CampaignSettings,
  campaignSettingsSchema,
  CAMPAIGN_CONTACT_VARIABLES,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from '@atendo/shared';
import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { type FormikProps, getIn, useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors, validationText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { PHONE_MEDIA } from '../../../components/breakpoints';
import { fieldError } from '../../../components/form';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { SubmitButton } from '../../../components/SubmitButton';
import { addVariable, settingsFormErrors } from '../campaign-settings';
import { useGetCampaignSettingsQuery, useSaveCampaignSettingsMutation } from '../campaigns.api';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))',
    alignItems: 'start',
  },
  adder: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) auto',
    alignItems: 'end',
    // The add button under the fields on a phone, not squeezed beside them.
    [PHONE_MEDIA]: { gridTemplateColumns: '1fr' },
  },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** The form's values: the daily limit as typed, the rest as the settings hold them. */
type SettingsValues = Omit<CampaignSettings, 'dailyLimit'> & { dailyLimit: string };

type IntervalField = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';

/** One of the three pacing selects (spec §9's options). */
function IntervalSelect({
  form,
  name,
  options,
  optionLabel,
}: {
  form: FormikProps<SettingsValues>;
  name: IntervalField;
  options: readonly number[];
  optionLabel: (value: number) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Field
      label={t(`campaigns.settings.fields.${name}`)}
      hint={t(`campaigns.settings.hints.${name}`)}
      {...fieldError(form, name, i18n)}
    >
      <Select
        name={name}
        value={String(form.values[name])}
        onChange={(_event, data) => void form.setFieldValue(name, Number(data.value))}
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {optionLabel(value)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The variables table: a key and its value, added below, deleted by row. */
function VariablesEditor({ form }: { form: FormikProps<SettingsValues> }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const variables = form.values.variables;
  const columns = { key: t('campaigns.settings.key'), value: t('campaigns.settings.value') };

  const add = () => {
    const added = addVariable(variables, key, value);
    if ('error' in added) {
      setProblem(added.error);
      return;
    }
    void form.setFieldValue('variables', added.variables);
    setKey('');
    setValue('');
    setProblem(null);
  };
  const remove = (index: number) =>
    void form.setFieldValue(
      'variables',
      variables.filter((_variable, at) => at !== index),
    );
  const problemText = validationText(i18n, problem);
  // A row the server refused (after a save) shows why beside it.
  const rowError = (index: number) =>
    validationText(
      i18n,
      getIn(form.errors, `variables[${index}].key`) ?? getIn(form.errors, `variables[${index}].value`),
    );

  return (
    <Card className={styles.section}>
      <Subtitle2 as="h2" className={styles.heading}>
        {t('campaigns.settings.variables')}
      </Subtitle2>
      <Text className={styles.hint}>
        {t('campaigns.settings.variablesHint', {
          builtIn: CAMPAIGN_CONTACT_VARIABLES.map((name) => `{${name}}`).join(', '),
        })}
      </Text>
      <div className={styles.adder}>
        <Field
          label={t('campaigns.settings.key')}
          validationState={problemText ? 'error' : 'none'}
          validationMessage={problemText}
        >
          <Input
            value={key}
            onChange={(_event, data) => {
              setKey(data.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <Field label={t('campaigns.settings.value')}>
          <Input
            value={value}
            onChange={(_event, data) => setValue(data.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <Button icon={<AddRegular />} onClick={add}>
          {t('campaigns.settings.addVariable')}
        </Button>
      </div>
      {variables.length === 0 ? (
        <Text>{t('campaigns.settings.noVariables')}</Text>
      ) : (
        <ResponsiveTable aria-label={t('campaigns.settings.variables')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{columns.key}</TableHeaderCell>
              <TableHeaderCell>{columns.value}</TableHeaderCell>
              <TableHeaderCell style={{ width: '56px' }} aria-label={t('common.actions')} />
            </TableRow>
          </TableHeader>
          <TableBody>
            {variables.map((variable, index) => (
              <ResponsiveRow key={variable.key}>
                <ResponsiveCell label={columns.key}>
                  {`{${variable.key}}`}
                  {rowError(index) && <Text className={styles.hint}>{rowError(index)}</Text>}
                </ResponsiveCell>
                <ResponsiveCell label={columns.value}>{variable.value || '—'}</ResponsiveCell>
                <ResponsiveCell>
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('campaigns.settings.deleteVariable', { key: variable.key })}
                    onClick={() => remove(index)}
                  />
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </TableBody>
        </ResponsiveTable>
      )}
    </Card>
  );
}

function SettingsForm({ settings }: { settings: CampaignSettings }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [save] = useSaveCampaignSettingsMutation();
  const form = useFormik<SettingsValues>({
    initialValues: { ...settings, dailyLimit: String(settings.dailyLimit) },
    validationSchema: campaignSettingsSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await save(campaignSettingsSchema.cast(values)).unwrap();
        helpers.resetForm({ values: { ...saved, dailyLimit: String(saved.dailyLimit) } });
        notify.success(t('campaigns.settings.saved'));
      } catch (error) {
        const fields = serverFieldErrors(error);
        if (fields) helpers.setErrors(settingsFormErrors<SettingsValues>(fields));
        else notify.error(errorText(i18n, error));
      }
    },
  });
  const seconds = (value: number) =>
    value === 0 ? t('campaigns.settings.noWait') : t('campaigns.settings.seconds', { count: value });

  return (
    <form className={styles.page} onSubmit={form.handleSubmit} noValidate>
      <Card className={styles.section}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('campaigns.settings.pacing')}
        </Subtitle2>
        <div className={styles.grid}>
          <IntervalSelect form={form} name="messageInterval" options={MESSAGE_INTERVAL_OPTIONS} optionLabel={seconds} />
          <IntervalSelect
            form={form}
            name="longerIntervalAfter"
            options={LONGER_INTERVAL_OPTIONS}
            optionLabel={(value) =>
              value === 0 ? t('campaigns.settings.never') : t('campaigns.settings.afterMessages', { count: value })
            }
          />
          <IntervalSelect form={form} name="greaterInterval" options={LONGER_INTERVAL_OPTIONS} optionLabel={seconds} />
          <Field
            label={t('campaigns.settings.fields.dailyLimit')}
            hint={t('campaigns.settings.hints.dailyLimit')}
            {...fieldError(form, 'dailyLimit', i18n)}
          >
            <Input
              type="number"
              min={0}
              step={1}
              name="dailyLimit"
              value={form.values.dailyLimit}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
            />
          </Field>
        </div>
      </Card>
      <VariablesEditor form={form} />
      <div className={styles.actions}>
        <SubmitButton submitting={form.isSubmitting}>{t('common.save')}</SubmitButton>
      </div>
    </form>
  );
}

/** /campaigns-config: how fast each connection sends campaigns, and the variables their messages may use. */
export function CampaignSettingsPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const settings = useGetCampaignSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className={styles.page}>
      <PageHeader title={t('campaigns.settings.title')} />
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(i18n, settings.error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <div className={styles.center}>
          <Spinner label={t('common.loading')} />
        </div>
      )}
    </div>
  );
}
