import {
  FLOW_LIMITS,
  flowNodeDataSchemas,
  type FlowNodeType,
  type Prompt,
  type PromptsPage,
  type QueueIntegration,
  type QueueIntegrationsPage,
} from '@atendo/shared';
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Label,
  makeStyles,
  Select,
  Slider,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { type FormikProps, type FormikValues, getIn, useFormik } from 'formik';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { fieldError } from '../../../components/form';
import { usePagePromptsInfiniteQuery } from '../../prompts/prompts.api';
import { usePageQueueIntegrationsInfiniteQuery } from '../../queue-integrations/queue-integrations.api';
import { useListQueuesQuery } from '../../queues/queues.api';
import { emptyData, MEDIA_KINDS, type MediaKind } from '../node-kinds';
import { MediaUpload } from './MediaUpload';
import { VariableTextarea } from './VariableTextarea';

/** Spec 2 §9: a dialog's form waits this long before it is applied. */
export const FORM_SUBMIT_DELAY_MS = 400;

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  option: {
    display: 'grid',
    gridTemplateColumns: '72px minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
  },
  element: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  elementHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  elementTitle: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold },
  adds: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  shares: { display: 'flex', justifyContent: 'space-between' },
});

export interface NodeDialogProps {
  type: FlowNodeType;
  /** The block's data when editing it; null when adding one. */
  data: Record<string, unknown> | null;
  variables: readonly string[];
  onClose: () => void;
  onSubmit: (data: Record<string, unknown>) => void;
}

type Form = FormikProps<FormikValues>;
type ContentElement = { type: string; value: string | number; number: string; original?: string; record?: boolean };

const delay = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** Every page of a paged list, fetched one after the other (a company keeps a handful). */
function useAllPages<P, R>(
  query: {
    data?: { pages: P[] };
    hasNextPage: boolean;
    isFetching: boolean;
    isError: boolean;
    fetchNextPage: () => unknown;
  },
  rowsOf: (page: P) => R[],
): R[] {
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  return query.data?.pages.flatMap(rowsOf) ?? [];
}

/** The add or edit dialog of a block, by its type (spec 2 §4 "Flow-node dialogs"). */
export function NodeDialog({ type, data, variables, onClose, onSubmit }: NodeDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const schema = flowNodeDataSchemas[type];
  const typeLabel = t(`flowEditor.types.${type}`);
  const formik = useFormik<FormikValues>({
    initialValues: structuredClone(data ?? emptyData(type)),
    validationSchema: schema,
    onSubmit: async (values) => {
      const cast = schema.cast(values) as Record<string, unknown>;
      if (type === 'singleBlock') cast.seq = (cast.elements as ContentElement[]).map((e) => e.number);
      await delay(FORM_SUBMIT_DELAY_MS);
      onSubmit(cast);
    },
  });

  return (
    <Dialog open onOpenChange={(_event, state) => !state.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={formik.handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>
              {data
                ? t('flowEditor.dialog.editTitle', { type: typeLabel })
                : t('flowEditor.dialog.addTitle', { type: typeLabel })}
            </DialogTitle>
            <DialogContent className={styles.fields}>
              <NodeFields type={type} formik={formik} variables={variables} />
            </DialogContent>
            <FormDialogActions
              submitting={formik.isSubmitting}
              onCancel={onClose}
              submitLabel={data ? t('flowEditor.dialog.edit') : t('flowEditor.dialog.add')}
            />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

function NodeFields({ type, formik, variables }: { type: FlowNodeType; formik: Form; variables: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const text = (name: string, label: string) => (
    <VariableTextarea
      label={label}
      name={name}
      required
      value={String(getIn(formik.values, name) ?? '')}
      onChange={(value) => void formik.setFieldValue(name, value)}
      onBlur={() => void formik.setFieldTouched(name, true)}
      variables={variables}
      validation={fieldError(formik, name, i18n)}
    />
  );
  switch (type) {
    case 'message':
      return text('label', t('flowEditor.fields.message'));
    case 'interval':
      return (
        <Field
          label={t('flowEditor.fields.seconds')}
          hint={t('flowEditor.hints.seconds', { max: FLOW_LIMITS.intervalMaxSeconds })}
          required
          {...fieldError(formik, 'sec', i18n)}
        >
          <Input
            name="sec"
            type="number"
            min={1}
            max={FLOW_LIMITS.intervalMaxSeconds}
            value={String(formik.values.sec ?? '')}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
          />
        </Field>
      );
    case 'menu':
      return (
        <>
          {text('message', t('flowEditor.fields.message'))}
          <MenuOptions formik={formik} />
        </>
      );
    case 'img':
    case 'audio':
    case 'video':
      return (
        <>
          <MediaUpload
            kind={type}
            route={type}
            label={t(`flowEditor.types.${type}`)}
            url={String(formik.values.url ?? '')}
            name={String(formik.values.name ?? '')}
            onUploaded={(upload) => void formik.setValues({ ...formik.values, url: upload.url, name: upload.name })}
            error={fieldError(formik, 'url', i18n).validationMessage as string | undefined}
            testId={`flow-upload-${type}`}
          />
          {type === 'audio' && (
            <Checkbox
              label={t('flowEditor.fields.record')}
              checked={!!formik.values.record}
              onChange={(_event, state) => void formik.setFieldValue('record', !!state.checked)}
            />
          )}
        </>
      );
    case 'randomizer':
      return <RandomizerField formik={formik} />;
    case 'singleBlock':
      return <ContentElements formik={formik} variables={variables} />;
    case 'ticket':
      return <QueueSelect formik={formik} />;
    case 'typebot':
      return <TypebotSelect formik={formik} />;
    case 'openai':
      return <PromptSelect formik={formik} />;
    case 'question':
      return (
        <>
          {text('typebotIntegration.message', t('flowEditor.fields.question'))}
          <Field
            label={t('flowEditor.fields.answerKey')}
            hint={t('flowEditor.hints.answerKey', {
              example: `{{${String(getIn(formik.values, 'typebotIntegration.answerKey') ?? '').trim() || 'nome'}}}`,
            })}
            required
            {...fieldError(formik, 'typebotIntegration.answerKey', i18n)}
          >
            <Input
              name="typebotIntegration.answerKey"
              value={String(getIn(formik.values, 'typebotIntegration.answerKey') ?? '')}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        </>
      );
    case 'condition':
      return (
        <>
          <Field label={t('flowEditor.fields.conditionKey')} required {...fieldError(formik, 'key', i18n)}>
            <Input name="key" value={String(formik.values.key ?? '')} onChange={formik.handleChange} />
          </Field>
          <Field label={t('flowEditor.fields.condition')} required {...fieldError(formik, 'condition', i18n)}>
            <Select name="condition" value={String(formik.values.condition ?? '')} onChange={formik.handleChange}>
              {['equals', 'contains', 'notEquals', 'notContains'].map((c) => (
                <option key={c} value={c}>
                  {t(`flowEditor.conditions.${c}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('flowEditor.fields.conditionValue')} {...fieldError(formik, 'value', i18n)}>
            <Input name="value" value={String(formik.values.value ?? '')} onChange={formik.handleChange} />
          </Field>
        </>
      );
    default:
      return null;
  }
}

function MenuOptions({ formik }: { formik: Form }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const options = (formik.values.arrayOption ?? []) as { number: number | string; value: string }[];
  const listError =
    typeof formik.errors.arrayOption === 'string' ||
    (formik.errors.arrayOption && !Array.isArray(formik.errors.arrayOption))
      ? fieldError(formik, 'arrayOption', i18n)
      : {};
  const set = (next: typeof options) => void formik.setFieldValue('arrayOption', next);
  const nextNumber = Math.max(0, ...options.map((o) => Number(o.number) || 0)) + 1;
  return (
    <Field label={t('flowEditor.fields.options')} {...listError}>
      <div className={styles.fields}>
        {options.map((option, index) => (
          <div key={index} className={styles.option}>
            <Field {...fieldError(formik, `arrayOption.${index}.number`, i18n)}>
              <Input
                type="number"
                min={1}
                max={99}
                aria-label={t('flowEditor.fields.optionNumber', { index: index + 1 })}
                name={`arrayOption.${index}.number`}
                value={String(option.number ?? '')}
                onChange={formik.handleChange}
              />
            </Field>
            <Field {...fieldError(formik, `arrayOption.${index}.value`, i18n)}>
              <Input
                aria-label={t('flowEditor.fields.optionText', { index: index + 1 })}
                name={`arrayOption.${index}.value`}
                value={option.value ?? ''}
                onChange={formik.handleChange}
              />
            </Field>
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={t('flowEditor.fields.removeOption', { index: index + 1 })}
              onClick={() => set(options.filter((_o, i) => i !== index))}
            />
          </div>
        ))}
        <div>
          <Button
            icon={<AddRegular />}
            disabled={options.length >= FLOW_LIMITS.menuOptions}
            onClick={() => set([...options, { number: nextNumber, value: '' }])}
          >
            {t('flowEditor.fields.addOption')}
          </Button>
        </div>
      </div>
    </Field>
  );
}

function RandomizerField({ formik }: { formik: Form }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const percent = Number(formik.values.percent ?? 0);
  return (
    <Field label={t('flowEditor.fields.percent')}>
      <Slider
        min={0}
        max={100}
        step={10}
        value={percent}
        onChange={(_event, state) => void formik.setFieldValue('percent', state.value)}
        aria-valuetext={`${percent}%`}
      />
      <div className={styles.shares}>
        <Text>{t('flowEditor.fields.shareA', { percent })}</Text>
        <Text>{t('flowEditor.fields.shareB', { percent: 100 - percent })}</Text>
      </div>
    </Field>
  );
}

const CONTENT_TYPES = ['message', 'interval', ...MEDIA_KINDS] as const;

function ContentElements({ formik, variables }: { formik: Form; variables: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const elements = (formik.values.elements ?? []) as ContentElement[];
  const set = (next: ContentElement[]) => void formik.setFieldValue('elements', next);
  const listError =
    typeof formik.errors.elements === 'string' || (formik.errors.elements && !Array.isArray(formik.errors.elements))
      ? fieldError(formik, 'elements', i18n)
      : {};
  const add = (type: (typeof CONTENT_TYPES)[number]) => {
    const used = elements.map((e) => Number(/\d+$/.exec(e.number)?.[0] ?? -1));
    const number = `${type}${Math.max(-1, ...used) + 1}`;
    set([...elements, { type, value: type === 'interval' ? 1 : '', number }]);
  };
  const move = (from: number, to: number) => {
    const next = [...elements];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    set(next);
  };
  return (
    <Field label={t('flowEditor.fields.elements')} {...listError}>
      <div className={styles.fields}>
        {elements.map((element, index) => {
          const name = `elements.${index}.value`;
          const label = t(`flowEditor.types.${element.type}`);
          return (
            <div key={element.number} className={styles.element} data-element={element.type}>
              <div className={styles.elementHead}>
                <Label className={styles.elementTitle}>{`${index + 1}. ${label}`}</Label>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowUpRegular />}
                  aria-label={t('flowEditor.fields.moveUp', { name: label, index: index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowDownRegular />}
                  aria-label={t('flowEditor.fields.moveDown', { name: label, index: index + 1 })}
                  disabled={index === elements.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={t('flowEditor.fields.removeElement', { name: label, index: index + 1 })}
                  onClick={() => set(elements.filter((_e, i) => i !== index))}
                />
              </div>
              {element.type === 'message' && (
                <VariableTextarea
                  label={t('flowEditor.fields.message')}
                  name={name}
                  required
                  value={String(element.value ?? '')}
                  onChange={(value) => void formik.setFieldValue(name, value)}
                  variables={variables}
                  validation={fieldError(formik, name, i18n)}
                  rows={3}
                />
              )}
              {element.type === 'interval' && (
                <Field
                  label={t('flowEditor.fields.seconds')}
                  hint={t('flowEditor.hints.seconds', { max: FLOW_LIMITS.intervalMaxSeconds })}
                  {...fieldError(formik, name, i18n)}
                >
                  <Input
                    type="number"
                    min={1}
                    max={FLOW_LIMITS.intervalMaxSeconds}
                    value={String(element.value ?? '')}
                    onChange={(_event, state) =>
                      void formik.setFieldValue(name, state.value === '' ? '' : Number(state.value))
                    }
                  />
                </Field>
              )}
              {(MEDIA_KINDS as readonly string[]).includes(element.type) && (
                <MediaUpload
                  kind={element.type as MediaKind}
                  route="content"
                  label={label}
                  url={String(element.value ?? '')}
                  name={element.original ?? ''}
                  onUploaded={(upload) =>
                    set(elements.map((e, i) => (i === index ? { ...e, value: upload.url, original: upload.name } : e)))
                  }
                  error={fieldError(formik, name, i18n).validationMessage as string | undefined}
                />
              )}
            </div>
          );
        })}
        <div className={styles.adds}>
          {CONTENT_TYPES.map((type) => (
            <Button
              key={type}
              size="small"
              icon={<AddRegular />}
              disabled={elements.length >= FLOW_LIMITS.contentElements}
              onClick={() => add(type)}
            >
              {t(`flowEditor.types.${type}`)}
            </Button>
          ))}
        </div>
      </div>
    </Field>
  );
}

function QueueSelect({ formik }: { formik: Form }) {
  const { t, i18n } = useTranslation();
  const queues = useListQueuesQuery();
  const chosen = formik.values.data as { id?: number } | null;
  return (
    <Field label={t('flowEditor.fields.queue')} required {...fieldError(formik, 'data', i18n)}>
      <Select
        name="data"
        value={chosen?.id ? String(chosen.id) : ''}
        onChange={(_event, state) => {
          const queue = queues.data?.find((q) => String(q.id) === state.value);
          void formik.setFieldValue('data', queue ? { id: queue.id, name: queue.name } : null);
        }}
      >
        <option value="">{t('flowEditor.fields.chooseQueue')}</option>
        {queues.data?.map((queue) => (
          <option key={queue.id} value={String(queue.id)}>
            {queue.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function TypebotSelect({ formik }: { formik: Form }) {
  const { t } = useTranslation();
  const integrations = useAllPages<QueueIntegrationsPage, QueueIntegration>(
    usePageQueueIntegrationsInfiniteQuery(''),
    (page) => page.queueIntegrations,
  ).filter((integration) => integration.type === 'typebot');
  return (
    <ChoiceSelect
      formik={formik}
      field="integrationId"
      label={t('flowEditor.fields.typebot')}
      none={t('flowEditor.hints.noTypebot')}
      choices={integrations}
    />
  );
}

function PromptSelect({ formik }: { formik: Form }) {
  const { t } = useTranslation();
  const prompts = useAllPages<PromptsPage, Prompt>(usePagePromptsInfiniteQuery(''), (page) => page.prompts);
  return (
    <ChoiceSelect
      formik={formik}
      field="promptId"
      label={t('flowEditor.fields.prompt')}
      none={t('flowEditor.hints.noPrompt')}
      choices={prompts}
    />
  );
}

/**
 * The bot a block hands the conversation to, among the company's own: its id under `field`, its
 * name beside it for the card and the Test panel; `none` is the hint while there is none to choose.
 */
function ChoiceSelect({
  formik,
  field,
  label,
  none,
  choices,
}: {
  formik: Form;
  field: 'integrationId' | 'promptId';
  label: string;
  none: string;
  choices: readonly { id: number; name: string }[];
}) {
  const { t, i18n } = useTranslation();
  const value = formik.values[field];
  return (
    <Field label={label} hint={choices.length ? undefined : none} required {...fieldError(formik, field, i18n)}>
      <Select
        name={field}
        value={value ? String(value) : ''}
        onChange={(_event, state) => {
          const choice = choices.find((c) => String(c.id) === state.value);
          void formik.setValues({ ...formik.values, [field]: choice?.id ?? null, name: choice?.name ?? '' });
        }}
      >
        <option value="">{t('flowEditor.fields.choose')}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={String(choice.id)}>
            {choice.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
