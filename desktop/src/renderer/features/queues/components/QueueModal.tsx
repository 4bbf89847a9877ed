import { DEFAULT_QUEUE_SCHEDULES, type Queue, queueSchema, settingValue, type WeekdaySchedule } from '@atendo/shared';
import { Field, Input, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { ColorField } from '../../../components/ColorField';
import { FormDialog } from '../../../components/FormDialog';
import { MessageTextarea } from '../../../components/MessageTextarea';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { scheduleTimeError, TimeInput } from '../../../components/TimeInput';
import { selectSessionUser } from '../../auth/auth.slice';
import { AttachSelects } from '../../queue-integrations/components/AttachSelects';
import { useCreateQueueMutation, useUpdateQueueMutation } from '../queues.api';
import { QueueOptionsEditor } from './QueueOptionsEditor';

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  schedule: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  scheduleRow: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  // The integration and the prompt side by side where they fit.
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
  },
});

interface QueueModalProps {
  /** The queue to edit, or null to create one. */
  queue: Queue | null;
  onClose: () => void;
}

export function QueueModal({ queue, onClose }: QueueModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const settings = useAppSelector(selectSessionUser)?.company.settings;
  // Queue hours matter only when the company schedules by queue (spec 2-back-office, Queues).
  const hoursByQueue = settingValue(settings, 'scheduleType') === 'queue';
  const [tab, setTab] = useState<'data' | 'hours' | 'options'>('data');
  const [createQueue] = useCreateQueueMutation();
  const [updateQueue] = useUpdateQueueMutation();

  const save = useFormSave(t('queues.saved'), onClose);
  const formik = useFormik({
    initialValues: {
      name: queue?.name ?? '',
      color: queue?.color ?? '',
      greetingMessage: queue?.greetingMessage ?? '',
      outOfHoursMessage: queue?.outOfHoursMessage ?? '',
      orderQueue: queue?.orderQueue === null || queue?.orderQueue === undefined ? '' : String(queue.orderQueue),
      integrationId: queue?.integrationId ?? null,
      promptId: queue?.promptId ?? null,
      schedules: (queue?.schedules.length ? queue.schedules : DEFAULT_QUEUE_SCHEDULES).map((s) => ({ ...s })),
    },
    validationSchema: queueSchema,
    onSubmit: async (values, helpers) => {
      const input = queueSchema.cast(values);
      await save(helpers, async () => {
        if (queue) await updateQueue({ id: queue.id, changes: input }).unwrap();
        else await createQueue(input).unwrap();
      });
    },
  });

  const scheduleError = (index: number, key: keyof WeekdaySchedule) => scheduleTimeError(formik, index, key, i18n);

  return (
    <FormDialog
      title={queue ? t('queues.modal.editTitle') : t('queues.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as typeof tab)}>
        <Tab value="data">{t('queues.modal.dataTab')}</Tab>
        {hoursByQueue && <Tab value="hours">{t('queues.modal.hoursTab')}</Tab>}
        <Tab value="options">{t('queues.modal.optionsTab')}</Tab>
      </TabList>
      {tab === 'data' && (
        <>
          <Field label={t('queues.fields.name')} required {...fieldError(formik, 'name', i18n)}>
            <Input {...inputProps(formik, 'name')} />
          </Field>
          <ColorField
            label={t('queues.fields.color')}
            required
            value={formik.values.color}
            onChange={(color) => void formik.setFieldValue('color', color)}
            error={fieldError(formik, 'color', i18n).validationMessage}
          />
          <Field label={t('queues.fields.orderQueue')} {...fieldError(formik, 'orderQueue', i18n)}>
            <Input {...inputProps(formik, 'orderQueue')} type="number" min={0} />
          </Field>
          <MessageTextarea formik={formik} name="greetingMessage" label={t('queues.fields.greetingMessage')} />
          <MessageTextarea
            formik={formik}
            name="outOfHoursMessage"
            label={t('queues.fields.outOfHoursMessage')}
            rows={3}
          />
          <AttachSelects
            className={styles.pair}
            integrationId={formik.values.integrationId}
            promptId={formik.values.promptId}
            onChange={(field, id) => void formik.setFieldValue(field, id)}
          />
        </>
      )}
      {tab === 'options' &&
        // Options hang off the queue's id: a queue being created has none to hang them on yet.
        (queue ? <QueueOptionsEditor queueId={queue.id} /> : <Text>{t('queues.options.saveQueueFirst')}</Text>)}
      {tab === 'hours' && (
        <div className={styles.schedule}>
          {formik.values.schedules.map((day, index) => (
            <div key={day.weekdayEn} className={styles.scheduleRow}>
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
        </div>
      )}
    </FormDialog>
  );
}
