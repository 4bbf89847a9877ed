import { INTEGRATION_LANGUAGES, INTEGRATION_TYPES, type IntegrationType, type QueueIntegration } from '@atendo/shared';
import { Field, Input, makeStyles, Select, Text, Textarea, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { FlowPicker } from '../../flows/components/FlowPicker';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { SecretField } from '../../../components/SecretField';
import { fieldsOf, formOf, type IntegrationForm, integrationInput, validateIntegration } from '../integration-form';
import { useCreateQueueIntegrationMutation, useUpdateQueueIntegrationMutation } from '../queue-integrations.api';
import { IntegrationTypeBadge } from './IntegrationTypeBadge';
import { SigningSecretDialog } from './SigningSecretDialog';
import { SigningSecretField } from './SigningSecretField';
import { TestSessionButton } from './TestSessionButton';

// Side by side where they fit; `start` keeps the inputs level when one hint wraps and another does not.
const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
  },
  type: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  typeSelect: { flexGrow: 1, minWidth: 0 },
  // The test button keeps its own width in the column of fields.
  test: { alignSelf: 'flex-start' },
});

type NumberField = 'typebotExpires' | 'typebotDelayMessage';

/** How Typebot's numbers may be typed (the schema says what is accepted). */
const NUMBER_INPUTS: Record<NumberField, { min: number; max?: number; step: number }> = {
  typebotExpires: { min: 0, step: 1 },
  typebotDelayMessage: { min: 0, max: 10_000, step: 100 },
};

interface QueueIntegrationModalProps {
  /** The integration to edit (its secrets masked, as the server answers them), or null to create one. */
  integration: QueueIntegration | null;
  onClose: () => void;
}

/**
 * Create or edit a queue integration: its type decides what else it asks for. A webhook or n8n
 * integration just created shows its signing secret once before the dialog closes.
 */
export function QueueIntegrationModal({ integration, onClose }: QueueIntegrationModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [createIntegration] = useCreateQueueIntegrationMutation();
  const [updateIntegration] = useUpdateQueueIntegrationMutation();
  const [created, setCreated] = useState<QueueIntegration | null>(null);

  const save = useFormSave(t('queueIntegrations.saved'), (saved: QueueIntegration | null) => {
    if (saved && fieldsOf(saved.type).signed) setCreated(saved);
    else onClose();
  });
  const formik = useFormik<IntegrationForm>({
    initialValues: formOf(integration),
    validate: validateIntegration,
    onSubmit: async (values, helpers) => {
      const input = integrationInput(values);
      await save(helpers, async () => {
        if (!integration) return createIntegration(input).unwrap();
        await updateIntegration({ id: integration.id, changes: input }).unwrap();
        return null;
      });
    },
  });

  if (created) {
    return <SigningSecretDialog secret={created.signingSecret} name={created.name} onClose={onClose} />;
  }

  const { type } = formik.values;
  const shown = fieldsOf(type);
  const savedJson = integration?.jsonContent ?? '';

  const keywordField = (name: 'typebotKeywordFinish' | 'typebotKeywordRestart') => (
    <Field label={t(`queueIntegrations.fields.${name}`)} {...fieldError(formik, name, i18n)}>
      <Input {...inputProps(formik, name)} />
    </Field>
  );

  const numberField = (name: NumberField) => (
    <Field
      label={t(`queueIntegrations.fields.${name}`)}
      hint={t(`queueIntegrations.hints.${name}`)}
      {...fieldError(formik, name, i18n)}
    >
      <Input
        {...inputProps(formik, name)}
        // Kept as the text the form holds: formik's own handler would turn it into a number.
        onChange={(_event, data) => void formik.setFieldValue(name, data.value)}
        type="number"
        {...NUMBER_INPUTS[name]}
      />
    </Field>
  );

  return (
    <FormDialog
      title={integration ? t('queueIntegrations.modal.editTitle') : t('queueIntegrations.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <div className={styles.pair}>
        <Field
          label={t('queueIntegrations.fields.type')}
          hint={t(`queueIntegrations.typeHints.${type}`)}
          required
          {...fieldError(formik, 'type', i18n)}
        >
          {(control) => (
            <div className={styles.type}>
              <IntegrationTypeBadge type={type} />
              <Select
                {...control}
                className={styles.typeSelect}
                name="type"
                value={type}
                onChange={(_event, data) => void formik.setFieldValue('type', data.value as IntegrationType)}
              >
                {INTEGRATION_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {t(`queueIntegrations.types.${option}`)}
                  </option>
                ))}
              </Select>
            </div>
          )}
        </Field>
        <Field label={t('queueIntegrations.fields.name')} required {...fieldError(formik, 'name', i18n)}>
          <Input {...inputProps(formik, 'name')} />
        </Field>
      </div>
      {shown.url && (
        <Field
          // Named by what the address is for this type (spec 2 §5).
          label={t(`queueIntegrations.fields.urlN8N.${type}`)}
          hint={t(`queueIntegrations.hints.urlN8N.${type}`)}
          required
          {...fieldError(formik, 'urlN8N', i18n)}
        >
          <Input
            {...inputProps(formik, 'urlN8N')}
            type="url"
            inputMode="url"
            placeholder="https://"
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      )}
      {shown.dialogflow && (
        <>
          <div className={styles.pair}>
            <Field
              label={t('queueIntegrations.fields.projectName')}
              hint={t('queueIntegrations.hints.projectName')}
              required
              {...fieldError(formik, 'projectName', i18n)}
            >
              <Input {...inputProps(formik, 'projectName')} autoComplete="off" spellCheck={false} />
            </Field>
            <Field label={t('queueIntegrations.fields.language')} {...fieldError(formik, 'language', i18n)}>
              <Select {...inputProps(formik, 'language')}>
                {INTEGRATION_LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {t(`queueIntegrations.languages.${language}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <SecretField
            name="jsonContent"
            label={t('queueIntegrations.fields.jsonContent')}
            hint={t('queueIntegrations.hints.jsonContent')}
            required
            rows={8}
            saved={savedJson}
            value={formik.values.jsonContent}
            onChange={(value) => void formik.setFieldValue('jsonContent', value)}
            onBlur={formik.handleBlur}
            validation={fieldError(formik, 'jsonContent', i18n)}
          />
          <div className={styles.test}>
            <TestSessionButton form={formik} integrationId={integration?.id} />
          </div>
        </>
      )}
      {shown.flow && (
        <Field
          label={t('queueIntegrations.fields.flow')}
          hint={t('queueIntegrations.hints.flow')}
          required
          {...fieldError(formik, 'flowId', i18n)}
        >
          <FlowPicker
            initialName={formik.values.flowName}
            onSelect={(id) => {
              void formik.setFieldValue('flowId', id === null ? '' : String(id));
              void formik.setFieldTouched('flowId', true, false);
            }}
          />
        </Field>
      )}
      {shown.typebot && (
        <>
          <Field
            label={t('queueIntegrations.fields.typebotSlug')}
            hint={t('queueIntegrations.hints.typebotSlug')}
            required
            {...fieldError(formik, 'typebotSlug', i18n)}
          >
            <Input {...inputProps(formik, 'typebotSlug')} autoComplete="off" spellCheck={false} />
          </Field>
          <div className={styles.pair}>
            {numberField('typebotExpires')}
            {numberField('typebotDelayMessage')}
          </div>
          <div className={styles.pair}>
            {keywordField('typebotKeywordFinish')}
            {keywordField('typebotKeywordRestart')}
          </div>
          <Field
            label={t('queueIntegrations.fields.typebotRestartMessage')}
            {...fieldError(formik, 'typebotRestartMessage', i18n)}
          >
            <Textarea {...inputProps(formik, 'typebotRestartMessage')} rows={2} resize="vertical" />
          </Field>
          <Field
            label={t('queueIntegrations.fields.typebotUnknownMessage')}
            hint={t('queueIntegrations.hints.typebotUnknownMessage')}
            {...fieldError(formik, 'typebotUnknownMessage', i18n)}
          >
            <Textarea {...inputProps(formik, 'typebotUnknownMessage')} rows={2} resize="vertical" />
          </Field>
        </>
      )}
      {shown.signed &&
        (integration ? (
          <SigningSecretField integration={integration} />
        ) : (
          <Text>{t('queueIntegrations.secret.createdHint')}</Text>
        ))}
    </FormDialog>
  );
}
