import {
  ANNOUNCEMENT_ATTACHMENT_EXTENSIONS,
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  ANNOUNCEMENT_PRIORITIES,
  type Announcement,
  announcementSchema,
  isAnnouncementAttachmentName,
  V,
} from '@atendo/shared';
import { Button, Field, Input, makeStyles, Select, Switch, Text, Textarea, tokens } from '@fluentui/react-components';
import { AttachRegular, DismissRegular } from '@fluentui/react-icons';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors, validationText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useShowSaveError } from '../../../components/form';
import {
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMediaMutation,
  useUpdateAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
} from '../announcements.api';
import { PRIORITY_KEY } from '../priority';

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  attachment: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hidden: { display: 'none' },
});

/** The attachment as the form holds it: unchanged, a new file to upload, or the old one to remove. */
type Attachment = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

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
  const fileInput = useRef<HTMLInputElement>(null);
  const [attachment, setAttachment] = useState<Attachment>({ kind: 'keep' });
  const [fileError, setFileError] = useState<unknown>(null);
  const [createAnnouncement] = useCreateAnnouncementMutation();
  const [updateAnnouncement] = useUpdateAnnouncementMutation();
  const [uploadMedia] = useUploadAnnouncementMediaMutation();
  const [deleteMedia] = useDeleteAnnouncementMediaMutation();

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
      try {
        if (attachment.kind === 'new') await uploadMedia({ id: saved.id, file: attachment.file }).unwrap();
        if (attachment.kind === 'remove' && saved.mediaPath) await deleteMedia(saved.id).unwrap();
      } catch (error) {
        // The announcement itself is saved; the dialog stays open on its attachment's problem.
        const fields = serverFieldErrors(error);
        setFileError(fields?.file ?? null);
        if (!fields) notify.error(errorText(i18n, error));
        return;
      }
      notify.success(t('announcements.saved'));
      onClose();
    },
  });

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    if (!isAnnouncementAttachmentName(file.name)) {
      setFileError(V.fileType);
      return;
    }
    if (file.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) {
      setFileError('announcements.fileTooLarge');
      return;
    }
    setAttachment({ kind: 'new', file });
  };

  const attachedName =
    attachment.kind === 'new' ? attachment.file.name : attachment.kind === 'keep' ? announcement?.mediaName : null;

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
      <Field
        label={t('announcements.fields.attachment')}
        hint={t('announcements.attachmentHint')}
        validationState={fileError ? 'error' : 'none'}
        validationMessage={fileError ? validationText(i18n, fileError) : undefined}
      >
        <div className={styles.attachment}>
          <input
            ref={fileInput}
            className={styles.hidden}
            type="file"
            accept={ANNOUNCEMENT_ATTACHMENT_EXTENSIONS.join(',')}
            aria-label={t('announcements.chooseFile')}
            onChange={(event) => {
              chooseFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button icon={<AttachRegular />} onClick={() => fileInput.current?.click()}>
            {t('announcements.chooseFile')}
          </Button>
          {attachedName && (
            <>
              <Text>{attachedName}</Text>
              <Button
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={t('announcements.removeFile', { name: attachedName })}
                onClick={() => setAttachment(announcement?.mediaPath ? { kind: 'remove' } : { kind: 'keep' })}
              />
            </>
          )}
        </div>
      </Field>
    </FormDialog>
  );
}
