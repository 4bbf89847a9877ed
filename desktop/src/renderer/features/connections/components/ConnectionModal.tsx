import {
  CONNECTION_PROVIDERS,
  DEFAULT_QUEUE_SCHEDULES,
  sendTokenField,
  settingValue,
  WHATSAPP_TOKEN_MIN,
  type WhatsappConnection,
  whatsappSchema,
  type WeekdaySchedule,
} from '@atendo/shared';
import {
  Button,
  Divider,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Select,
  Subtitle2,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { FormDialog } from '../../../components/FormDialog';
import { MessageTextarea } from '../../../components/MessageTextarea';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { scheduleTimeError, TimeInput } from '../../../components/TimeInput';
import { selectSessionUser } from '../../auth/auth.slice';
import { AttachSelects } from '../../queue-integrations/components/AttachSelects';
import { useListQueuesQuery } from '../../queues/queues.api';
import { useCreateConnectionMutation, useUpdateConnectionMutation } from '../connections.api';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  tokenRow: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: '50%',
    marginRight: tokens.spacingHorizontalS,
  },
});

/**
 * A random token for the external send API (COMPAT: it selects the connection): 256 random bits
 * as 43 base64url characters, past the minimum the server asks of a chosen one.
 */
export function generateToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const MESSAGE_FIELDS = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'expiresInactiveMessage',
] as const;

interface ConnectionModalProps {
  connection: WhatsappConnection | null;
  onClose: () => void;
  /** Called with a connection just created, so the page can start pairing it. */
  onCreated?: (connection: WhatsappConnection) => void;
}

export function ConnectionModal({ connection, onClose, onCreated }: ConnectionModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const settings = useAppSelector(selectSessionUser)?.company.settings;
  // Per-connection business hours matter when the company schedules by company hours.
  const showHours = settingValue(settings, 'scheduleType') === 'company';
  const { data: queues = [] } = useListQueuesQuery();
  const [createConnection] = useCreateConnectionMutation();
  const [updateConnection] = useUpdateConnectionMutation();

  const save = useFormSave(t('connections.saved'), (created: WhatsappConnection | null) => {
    onClose();
    if (created) onCreated?.(created);
  });
  const formik = useFormik({
    initialValues: {
      name: connection?.name ?? '',
      provider: connection?.provider ?? 'beta',
      isDefault: connection?.isDefault ?? false,
      greetingMessage: connection?.greetingMessage ?? '',
      complationMessage: connection?.complationMessage ?? '',
      outOfHoursMessage: connection?.outOfHoursMessage ?? '',
      ratingMessage: connection?.ratingMessage ?? '',
      expiresInactiveMessage: connection?.expiresInactiveMessage ?? '',
      expiresTicket: connection?.expiresTicket ?? 0,
      timeUseBotQueues: connection?.timeUseBotQueues ?? 0,
      maxUseBotQueues: connection?.maxUseBotQueues ?? 3,
      transferQueueId: connection?.transferQueueId ?? null,
      timeToTransfer: connection?.timeToTransfer ?? null,
      promptId: connection?.promptId ?? null,
      integrationId: connection?.integrationId ?? null,
      queueIds: connection?.queues.map((q) => q.id) ?? [],
      schedules: (connection?.schedules.length ? connection.schedules : DEFAULT_QUEUE_SCHEDULES).map((s) => ({ ...s })),
      token: connection?.token ?? generateToken(),
    },
    // A connection's older token, shorter than today's minimum, may be kept as it is.
    validationSchema: whatsappSchema.shape({ token: sendTokenField(connection?.token) }),
    onSubmit: async (values, helpers) => {
      const input = whatsappSchema.cast(values);
      await save(helpers, async () => {
        if (connection) await updateConnection({ id: connection.id, changes: input }).unwrap();
        return connection ? null : await createConnection(input).unwrap();
      });
    },
  });

  const numberField = (name: 'expiresTicket' | 'timeUseBotQueues' | 'maxUseBotQueues' | 'timeToTransfer') => (
    <Field label={t(`connections.fields.${name}`)} {...fieldError(formik, name, i18n)}>
      <Input
        name={name}
        type="number"
        min={0}
        value={formik.values[name] === null ? '' : String(formik.values[name])}
        onChange={(_event, data) =>
          void formik.setFieldValue(
            name,
            data.value === '' ? (name === 'timeToTransfer' ? null : 0) : Number(data.value),
          )
        }
        onBlur={formik.handleBlur}
      />
    </Field>
  );

  const scheduleError = (index: number, key: keyof WeekdaySchedule) => scheduleTimeError(formik, index, key, i18n);

  const selectedQueues = queues.filter((q) => formik.values.queueIds.includes(q.id));

  return (
    <FormDialog
      title={connection ? t('connections.modal.editTitle') : t('connections.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <div className={styles.row}>
        <Field label={t('connections.fields.name')} required {...fieldError(formik, 'name', i18n)}>
          <Input {...inputProps(formik, 'name')} />
        </Field>
        <Field label={t('connections.fields.provider')}>
          <Select
            name="provider"
            value={formik.values.provider}
            onChange={(_event, data) => void formik.setFieldValue('provider', data.value)}
          >
            {CONNECTION_PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {t(`connections.providers.${provider}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Switch
        label={t('connections.fields.isDefault')}
        checked={formik.values.isDefault}
        onChange={(_event, data) => void formik.setFieldValue('isDefault', data.checked)}
      />
      <Field label={t('connections.fields.queues')} {...fieldError(formik, 'queueIds', i18n)}>
        <Dropdown
          multiselect
          placeholder={t('connections.modal.queuesPlaceholder')}
          value={selectedQueues.map((q) => q.name).join(', ')}
          selectedOptions={formik.values.queueIds.map(String)}
          onOptionSelect={(_event, data) => void formik.setFieldValue('queueIds', data.selectedOptions.map(Number))}
        >
          {queues.map((queue) => (
            <Option key={queue.id} value={String(queue.id)} text={queue.name}>
              <span className={styles.swatch} style={{ backgroundColor: queue.color }} aria-hidden />
              {queue.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {MESSAGE_FIELDS.map((name) => (
        <MessageTextarea key={name} formik={formik} name={name} label={t(`connections.fields.${name}`)} rows={3} />
      ))}
      <div className={styles.row}>
        {numberField('expiresTicket')}
        {numberField('maxUseBotQueues')}
      </div>
      <div className={styles.row}>
        <Field label={t('connections.fields.transferQueue')}>
          <Select
            value={formik.values.transferQueueId === null ? '' : String(formik.values.transferQueueId)}
            onChange={(_event, data) =>
              void formik.setFieldValue('transferQueueId', data.value ? Number(data.value) : null)
            }
          >
            <option value="">{t('connections.modal.noTransfer')}</option>
            {queues.map((queue) => (
              <option key={queue.id} value={String(queue.id)}>
                {queue.name}
              </option>
            ))}
          </Select>
        </Field>
        {numberField('timeToTransfer')}
      </div>
      <AttachSelects
        className={styles.row}
        integrationId={formik.values.integrationId}
        promptId={formik.values.promptId}
        onChange={(field, id) => void formik.setFieldValue(field, id)}
      />
      {showHours && (
        <>
          <Divider />
          <Subtitle2>{t('connections.modal.hours')}</Subtitle2>
          {formik.values.schedules.map((day, index) => (
            <div key={day.weekdayEn} className={styles.row}>
              <TimeInput
                label={t('queues.schedule.start', { day: t(`common.weekdays.${day.weekdayEn}`) })}
                value={day.startTime}
                error={scheduleError(index, 'startTime')}
                onChange={(value) => void formik.setFieldValue(`schedules.${index}.startTime`, value)}
              />
              <TimeInput
                label={t('queues.schedule.end', { day: t(`common.weekdays.${day.weekdayEn}`) })}
                value={day.endTime}
                error={scheduleError(index, 'endTime')}
                onChange={(value) => void formik.setFieldValue(`schedules.${index}.endTime`, value)}
              />
            </div>
          ))}
        </>
      )}
      <Divider />
      <div className={styles.tokenRow}>
        <Field
          label={t('connections.fields.token')}
          hint={t('connections.modal.tokenHint', { min: WHATSAPP_TOKEN_MIN })}
          className={styles.grow}
          {...fieldError(formik, 'token', i18n)}
        >
          <Input {...inputProps(formik, 'token')} autoComplete="off" spellCheck={false} />
        </Field>
        <Button icon={<ArrowSyncRegular />} onClick={() => void formik.setFieldValue('token', generateToken())}>
          {t('connections.modal.regenerateToken')}
        </Button>
      </div>
    </FormDialog>
  );
}
