import {
  type Id,
  isScheduleEditable,
  type Schedule,
  SCHEDULE_ATTACHMENT_EXTENSIONS,
  SCHEDULE_MEDIA_MAX_MIB,
} from '@atendo/shared';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { type FormikHelpers, useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors } from '../../../app/errors';
import { formatDate, formatTime } from '../../../app/format';
import { useDebouncedValue } from '../../../app/hooks';
import { useNotify } from '../../../app/toasts';
import { AttachmentField } from '../../../components/AttachmentField';
import { dateTimeProps, fieldError } from '../../../components/form';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { MessageTextarea } from '../../../components/MessageTextarea';
import { DateTimeFields } from '../../../components/DateTimeFields';
import { SearchCombobox } from '../../../components/SearchCombobox';
import { useAttachment } from '../../../components/use-attachment';
import { useSearchContactsQuery } from '../../contacts/contacts.api';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../../tickets/components/TransferModal';
import { defaultSendAt } from '../schedule-calendar';
import {
  scheduleAttachmentProblem,
  type ScheduleFormValues,
  scheduleFormValues,
  scheduleInput,
  validateScheduleForm,
} from '../schedule-form';
import {
  useCreateScheduleMutation,
  useDeleteScheduleMediaMutation,
  useGetScheduleQuery,
  useUpdateScheduleMutation,
  useUploadScheduleMediaMutation,
} from '../schedules.api';

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The fields the form shows a server's 400 under; sendAt's go under the date. */
const SERVER_FIELDS: Record<string, keyof ScheduleFormValues> = {
  body: 'body',
  contactId: 'contactId',
  sendAt: 'date',
};

interface ScheduleModalProps {
  /** The schedule to edit (or to look at, once sent); null for a new one. */
  schedule: Schedule | null;
  /** A new one's contact, when it is known already (from a ticket, or the page's `?contactId=`). */
  contact?: { id: Id; name: string } | null;
  /** A new one's ticket: it goes out on the ticket's connection, and lands in it while it is open. */
  ticketId?: Id | null;
  /** A new one's time; an hour from now when omitted. */
  sendAt?: Date;
  onClose: () => void;
  /** After the save's toast, once the dialog has closed. */
  onSaved?: (schedule: Schedule) => void;
}

/** The schedule dialog (spec 1 §4 Schedule dialog): editable only until the message is sent or being sent. */
export function ScheduleModal({ schedule, contact, ticketId = null, sendAt, onClose, onSaved }: ScheduleModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  // Its status changes as it is sent (live events reach this copy): the dialog follows.
  const { data: fetched } = useGetScheduleQuery(schedule?.id ?? 0, { skip: !schedule });
  const current = fetched ?? schedule;
  const editable = !current || isScheduleEditable(current);
  // Once saved, a second try (after a refused image) changes that record instead of adding one.
  const [savedId, setSavedId] = useState<Id | null>(schedule?.id ?? null);
  const [createSchedule] = useCreateScheduleMutation();
  const [updateSchedule] = useUpdateScheduleMutation();
  const [uploadMedia] = useUploadScheduleMediaMutation();
  const [deleteMedia] = useDeleteScheduleMediaMutation();
  const attachment = useAttachment({
    stored: current,
    problem: scheduleAttachmentProblem,
    upload: (id, file) => uploadMedia({ id, file }).unwrap(),
    remove: async (id) => {
      await deleteMedia(id).unwrap();
      notify.success(t('schedules.mediaDeleted'));
    },
  });

  const [contactText, setContactText] = useState(schedule?.contact.name ?? contact?.name ?? '');
  const term = useDebouncedValue(contactText.trim(), SEARCH_DEBOUNCE_MS);
  const searching = editable && term.length >= SEARCH_MIN_CHARS;
  const contacts = useSearchContactsQuery(term, { skip: !searching });

  const showSaveError = (error: unknown, helpers: FormikHelpers<ScheduleFormValues>) => {
    const fields = serverFieldErrors(error);
    if (fields && Object.keys(fields).every((field) => field in SERVER_FIELDS)) {
      helpers.setErrors(
        Object.fromEntries(Object.entries(fields).map(([field, message]) => [SERVER_FIELDS[field], message])),
      );
    } else {
      notify.error(errorText(i18n, error));
    }
  };

  const formik = useFormik<ScheduleFormValues>({
    initialValues: scheduleFormValues(schedule, contact?.id ?? null, sendAt ?? defaultSendAt(new Date())),
    validate: validateScheduleForm,
    onSubmit: async (values, helpers) => {
      const input = scheduleInput(values, {
        ticketId: current ? current.ticketId : ticketId,
        whatsappId: current?.whatsappId ?? null,
      });
      if (!input) return;
      let saved: Schedule;
      try {
        saved = savedId
          ? await updateSchedule({ id: savedId, changes: input }).unwrap()
          : await createSchedule(input).unwrap();
        setSavedId(saved.id);
      } catch (error) {
        showSaveError(error, helpers);
        return;
      }
      // The schedule itself is saved; the dialog stays open on its image's problem.
      if (!(await attachment.save(saved))) return;
      notify.success(t('schedules.saved'));
      onClose();
      onSaved?.(saved);
    },
  });

  /** Why it was not sent: the error code translated, or as the server wrote it when unknown here. */
  const failureText = (code: string | null) => {
    const key = `errors.${code ?? 'ERR_SENDING_WAPP_MSG'}`;
    return i18n.exists(key) ? t(key) : (code ?? '');
  };
  const title = !current
    ? t('schedules.modal.addTitle')
    : current.status === 'ERRO'
      ? t('schedules.modal.failedTitle', { error: failureText(current.error) })
      : t('schedules.modal.statusTitle', { status: t(`schedules.status.${current.status}`) });

  // The date and the time make one moment, whose error (in the past) shows under the date: leaving
  // either shows the errors of both.
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={formik.handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.fields}>
              {!editable && (
                <MessageBar intent="info" layout="multiline">
                  <MessageBarBody>
                    {t('schedules.modal.readOnly')}
                    {current?.sentAt &&
                      ` ${t('schedules.modal.sentAt', { date: formatDate(current.sentAt), time: formatTime(current.sentAt) })}`}
                  </MessageBarBody>
                </MessageBar>
              )}
              {current?.status === 'ERRO' && (
                <MessageBar intent="error" layout="multiline">
                  <MessageBarBody>{t('schedules.modal.failedHint')}</MessageBarBody>
                </MessageBar>
              )}
              <Field
                label={t('schedules.modal.contact')}
                required={editable}
                hint={editable ? t('schedules.modal.contactHint') : undefined}
                {...fieldError(formik, 'contactId', i18n)}
              >
                {editable ? (
                  <SearchCombobox
                    placeholder={t('schedules.modal.contactPlaceholder')}
                    text={contactText}
                    onTextChange={setContactText}
                    onSelect={(id) => void formik.setFieldValue('contactId', id)}
                    searching={contacts.isFetching}
                    options={(searching ? (contacts.data ?? []) : []).map((option) => ({
                      id: option.id,
                      text: option.name,
                      label: `${option.name} (${option.number})`,
                    }))}
                  />
                ) : (
                  <Text>{current?.contact.name}</Text>
                )}
              </Field>
              <MessageTextarea
                formik={formik}
                name="body"
                label={t('schedules.modal.body')}
                required={editable}
                readOnly={!editable}
                rows={5}
              />
              <DateTimeFields
                {...dateTimeProps(
                  formik,
                  i18n,
                  { date: 'date', time: 'time' },
                  { date: t('schedules.modal.date'), time: t('schedules.modal.time') },
                )}
                required={editable}
                readOnly={!editable}
              />
              <AttachmentField
                attachment={attachment}
                label={t('schedules.modal.attachment')}
                hint={t('schedules.modal.attachmentHint', { max: SCHEDULE_MEDIA_MAX_MIB })}
                accept={SCHEDULE_ATTACHMENT_EXTENSIONS}
                chooseLabel={t('schedules.modal.chooseFile')}
                removeLabel={(name) => t('schedules.modal.removeFile', { name })}
                emptyText={t('schedules.modal.noAttachment')}
                testId="schedule-file"
                readOnly={!editable}
              />
            </DialogContent>
            <FormDialogActions submitting={formik.isSubmitting} onCancel={onClose} readOnly={!editable} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
