import { companySchedulesSchema, DEFAULT_QUEUE_SCHEDULES, type WeekdaySchedule } from '@atendo/shared';
import { makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { useShowSaveError } from '../../../components/form';
import { SubmitButton } from '../../../components/SubmitButton';
import { scheduleTimeError, TimeInput } from '../../../components/TimeInput';
import { selectSessionUser } from '../../auth/auth.slice';
import { useGetCompanyQuery, useUpdateCompanySchedulesMutation } from '../companies.api';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    maxWidth: '720px',
  },
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: tokens.spacingHorizontalM,
  },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/**
 * Settings › Schedules, shown while the scheduleType option is "company": the company's own
 * business hours, which the greeting bot reads to answer out of hours.
 */
export function CompanySchedulesTab() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const showSaveError = useShowSaveError();
  const companyId = useAppSelector(selectSessionUser)?.companyId ?? 0;
  const { data: company, isLoading, error } = useGetCompanyQuery(companyId, { skip: !companyId });
  const [saveSchedules] = useUpdateCompanySchedulesMutation();
  // Nothing saved yet means open around the clock; the suggested hours are only a starting point.
  const stored = company?.schedules ?? [];

  const formik = useFormik<{ schedules: WeekdaySchedule[] }>({
    enableReinitialize: true,
    initialValues: { schedules: (stored.length ? stored : DEFAULT_QUEUE_SCHEDULES).map((day) => ({ ...day })) },
    validationSchema: companySchedulesSchema,
    onSubmit: async (values, helpers) => {
      try {
        await saveSchedules({ id: companyId, schedules: companySchedulesSchema.cast(values).schedules }).unwrap();
        notify.success(t('settings.companies.schedules.saved'));
      } catch (failure) {
        showSaveError(failure, helpers);
      }
    },
  });

  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (error) return <Text>{errorText(i18n, error)}</Text>;

  return (
    <form className={styles.card} onSubmit={formik.handleSubmit} noValidate>
      {!stored.length && (
        <MessageBar intent="info">
          <MessageBarBody>{t('settings.companies.schedules.unset')}</MessageBarBody>
        </MessageBar>
      )}
      {formik.values.schedules.map((day, index) => {
        const dayName = t(`common.weekdays.${day.weekdayEn}`);
        return (
          <div key={day.weekdayEn} className={styles.row}>
            {(['startTime', 'endTime'] as const).map((key) => (
              <TimeInput
                key={key}
                label={t(`settings.companies.schedules.${key}`, { day: dayName })}
                value={day[key]}
                error={scheduleTimeError(formik, index, key, i18n)}
                onChange={(value) => void formik.setFieldValue(`schedules.${index}.${key}`, value)}
              />
            ))}
          </div>
        );
      })}
      <div className={styles.actions}>
        <SubmitButton submitting={formik.isSubmitting}>{t('common.save')}</SubmitButton>
      </div>
    </form>
  );
}
