import {
  type Prompt,
  PROMPT_DEFAULTS,
  PROMPT_MODELS,
  PROMPT_VOICES,
  type PromptInput,
  promptSchema,
} from '@atendo/shared';
import { Field, Input, makeStyles, Select, Textarea, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { SecretField } from '../../../components/SecretField';
import { useListQueuesQuery } from '../../queues/queues.api';
import { useCreatePromptMutation, useUpdatePromptMutation } from '../prompts.api';
import { chooseVoice, TEXT_VOICE, voiceName } from '../voices';

// Side by side where they fit; `start` keeps the inputs level when one hint wraps and another does not.
const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
  },
  numbers: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 170px), 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
  },
});

type NumberField = 'maxTokens' | 'temperature' | 'maxMessages';

/** Spec 2 §5: how each number may be typed (the schema says what is accepted). */
const NUMBER_INPUTS: Record<NumberField, { min: number; max?: number; step: number }> = {
  maxTokens: { min: 1, step: 1 },
  temperature: { min: 0, max: 1, step: 0.1 },
  maxMessages: { min: 1, step: 1 },
};

interface PromptModalProps {
  /** The prompt to edit (its keys masked, as the server answers them), or null to create one. */
  prompt: Prompt | null;
  onClose: () => void;
}

/** Create or edit an AI agent: what it is told, the queue it answers in, the model and its keys. */
export function PromptModal({ prompt, onClose }: PromptModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const queues = useListQueuesQuery();
  const [createPrompt] = useCreatePromptMutation();
  const [updatePrompt] = useUpdatePromptMutation();
  const savedVoice = { voiceKey: prompt?.voiceKey ?? '', voiceRegion: prompt?.voiceRegion ?? '' };

  // Saving gives the queue its prompt: the admin is told which queue it now answers.
  const save = useFormSave<Prompt>(
    (saved) => (saved.queue ? t('prompts.savedForQueue', { queue: saved.queue.name }) : t('prompts.saved')),
    onClose,
  );
  const formik = useFormik({
    initialValues: {
      name: prompt?.name ?? '',
      prompt: prompt?.prompt ?? '',
      queueId: prompt ? String(prompt.queueId) : '',
      model: prompt?.model ?? PROMPT_DEFAULTS.model,
      maxTokens: String(prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens),
      temperature: String(prompt?.temperature ?? PROMPT_DEFAULTS.temperature),
      maxMessages: String(prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages),
      apiKey: prompt?.apiKey ?? '',
      voice: prompt?.voice ?? TEXT_VOICE,
      ...savedVoice,
    },
    validationSchema: promptSchema,
    onSubmit: async (values, helpers) => {
      const input: PromptInput = promptSchema.cast(values);
      await save(helpers, () =>
        prompt ? updatePrompt({ id: prompt.id, changes: input }).unwrap() : createPrompt(input).unwrap(),
      );
    },
  });

  const spoken = formik.values.voice !== TEXT_VOICE;

  const numberField = (name: NumberField) => (
    <Field
      label={t(`prompts.fields.${name}`)}
      hint={t(`prompts.hints.${name}`)}
      required
      {...fieldError(formik, name, i18n)}
    >
      <Input {...inputProps(formik, name)} type="number" {...NUMBER_INPUTS[name]} />
    </Field>
  );

  const noQueues = !queues.isLoading && !queues.error && queues.data?.length === 0;

  return (
    <FormDialog
      title={prompt ? t('prompts.modal.editTitle') : t('prompts.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <Field label={t('prompts.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
      <div className={styles.pair}>
        <Field
          label={t('prompts.fields.queue')}
          hint={noQueues ? t('prompts.hints.noQueues') : t('prompts.hints.queue')}
          required
          {...fieldError(formik, 'queueId', i18n)}
        >
          <Select {...inputProps(formik, 'queueId')}>
            <option value="">{t('prompts.modal.chooseQueue')}</option>
            {queues.data?.map((queue) => (
              <option key={queue.id} value={String(queue.id)}>
                {queue.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('prompts.fields.model')} required {...fieldError(formik, 'model', i18n)}>
          <Select {...inputProps(formik, 'model')}>
            {PROMPT_MODELS.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field
        label={t('prompts.fields.prompt')}
        hint={t('prompts.hints.prompt')}
        required
        {...fieldError(formik, 'prompt', i18n)}
      >
        <Textarea {...inputProps(formik, 'prompt')} rows={10} resize="vertical" />
      </Field>
      <div className={styles.numbers}>
        {numberField('maxTokens')}
        {numberField('temperature')}
        {numberField('maxMessages')}
      </div>
      <SecretField
        name="apiKey"
        label={t('prompts.fields.apiKey')}
        required
        saved={prompt?.apiKey ?? ''}
        value={formik.values.apiKey}
        onChange={(value) => void formik.setFieldValue('apiKey', value)}
        onBlur={formik.handleBlur}
        validation={fieldError(formik, 'apiKey', i18n)}
      />
      <div className={styles.pair}>
        <Field label={t('prompts.fields.voice')} hint={t('prompts.hints.voice')} {...fieldError(formik, 'voice', i18n)}>
          <Select
            name="voice"
            value={formik.values.voice}
            onChange={(_event, data) => void formik.setValues(chooseVoice(formik.values, data.value, savedVoice))}
          >
            {PROMPT_VOICES.map((voice) => (
              <option key={voice} value={voice}>
                {voice === TEXT_VOICE ? t('prompts.voices.text') : voiceName(voice)}
              </option>
            ))}
          </Select>
        </Field>
        {spoken && (
          <Field
            label={t('prompts.fields.voiceRegion')}
            hint={t('prompts.hints.voiceRegion')}
            required
            {...fieldError(formik, 'voiceRegion', i18n)}
          >
            <Input {...inputProps(formik, 'voiceRegion')} autoComplete="off" spellCheck={false} />
          </Field>
        )}
      </div>
      {spoken && (
        <SecretField
          name="voiceKey"
          label={t('prompts.fields.voiceKey')}
          required
          saved={savedVoice.voiceKey}
          value={formik.values.voiceKey}
          onChange={(value) => void formik.setFieldValue('voiceKey', value)}
          onBlur={formik.handleBlur}
          validation={fieldError(formik, 'voiceKey', i18n)}
        />
      )}
    </FormDialog>
  );
}
