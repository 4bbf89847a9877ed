import {
  ANNOUNCEMENT_ATTACHMENT_EXTENSIONS,
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  ANNOUNCEMENT_PRIORITIES,
  type Announcement,
  announcementSchema,
  isAnnouncementAttachmentName,
  V,
} from '@atendo/shared';
import { Field, Input, makeStyles, Select, Switch, Textarea } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../app/toasts';
import { AttachmentField } from '../../../components/AttachmentField';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useShowSaveError } from '../../../components/form';
import { useAttachment } from '../../../components/use-attachment';
import {
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMediaMutation,
  useUpdateAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
} from '../announcements.api';
import { PRIORITY_KEY } from '../priority';

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
});

/** Why a chosen file cannot be an announcement's (a validation message), or null. */
function announcementFileProblem(file: File): string | null {
  if (!isAnnouncementAttachmentName(file.name)) return V.fileType;
  if (file.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) return 'announcements.fileTooLarge';
  return null;
}

export function AnnouncementModal({
  announcement,
  onClose,
}: {
  announcement: Announcement | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [createAnnouncement] = useCreateAnnouncementMutation();
  const [updateAnnouncement] = useUpdateAnnouncementMutation();
  const [uploadMedia] = useUploadAnnouncementMediaMutation();
  const [deleteMedia] = useDeleteAnnouncementMediaMutation();
  const attachment = useAttachment({
    stored: announcement,
    problem: announcementFileProblem,
    upload: (id, file) => uploadMedia({ id, file }).unwrap(),
    remove: (id) => deleteMedia(id).unwrap(),
  });

  const showSaveError = useShowSaveError();
  const formik = useFormik({
    initialValues: {
      title: announcement?.title ?? '',
      text: announcement?.text ?? '',
      // Spec 2 §9: priority 3 and active by default.
      priority: String(announcement?.priority ?? 3),
      status: announcement?.status ?? true,
    },
    validationSchema: announcementSchema,
    onSubmit: async (values, helpers) => {
      const input = announcementSchema.cast(values);
      let saved: Announcement;
      try {
        saved = announcement
          ? await updateAnnouncement({ id: announcement.id, changes: input }).unwrap()
          : await createAnnouncement(input).unwrap();
      } catch (error) {
        showSaveError(error, helpers);
        return;
      }
      // The announcement itself is saved; the dialog stays open on its attachment's problem.
      if (!(await attachment.save(saved))) return;
      notify.success(t('announcements.saved'));
      onClose();
    },
  });

  return (
    <FormDialog
      title={announcement ? t('announcements.modal.editTitle') : t('announcements.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <Field label={t('announcements.fields.title')} required {...fieldError(formik, 'title', i18n)}>
        <Input {...inputProps(formik, 'title')} />
      </Field>
      <Field label={t('announcements.fields.text')} required {...fieldError(formik, 'text', i18n)}>
        <Textarea {...inputProps(formik, 'text')} rows={5} resize="vertical" />
      </Field>
      <Field label={t('announcements.fields.priority')} {...fieldError(formik, 'priority', i18n)}>
        <Select name="priority" value={formik.values.priority} onChange={formik.handleChange}>
          {ANNOUNCEMENT_PRIORITIES.map((priority) => (
            <option key={priority} value={String(priority)}>
              {t(PRIORITY_KEY[priority])}
            </option>
          ))}
        </Select>
      </Field>
      <Switch
        label={t('announcements.fields.status')}
        checked={formik.values.status}
        onChange={(_event, data) => void formik.setFieldValue('status', data.checked)}
      />
      <AttachmentField
        attachment={attachment}
        label={t('announcements.fields.attachment')}
        hint={t('announcements.attachmentHint')}
        accept={ANNOUNCEMENT_ATTACHMENT_EXTENSIONS}
        chooseLabel={t('announcements.chooseFile')}
        removeLabel={(name) => t('announcements.removeFile', { name })}
      />
    </FormDialog>
  );
}
