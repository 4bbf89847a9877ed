import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_MIB,
  type Id,
  type QuickMessage,
  quickMessageSchema,
} from '@atendo/shared';
import { Field, Input, makeStyles, Switch } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../app/toasts';
import { AttachmentField } from '../../../components/AttachmentField';
import { FormDialog } from '../../../components/FormDialog';
import { MessageTextarea } from '../../../components/MessageTextarea';
import { fieldError, inputProps, useShowSaveError } from '../../../components/form';
import { useAttachment } from '../../../components/use-attachment';
import { attachmentProblem } from '../../files/attachments';
import {
  useCreateQuickMessageMutation,
  useDeleteQuickMessageMediaMutation,
  useUpdateQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
} from '../quick-messages.api';

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
});

export function QuickMessageModal({
  quickMessage,
  onClose,
}: {
  quickMessage: QuickMessage | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  // Once saved, a second try (after a refused attachment) changes that record instead of adding one.
  const [savedId, setSavedId] = useState<Id | null>(quickMessage?.id ?? null);
  const [createQuickMessage] = useCreateQuickMessageMutation();
  const [updateQuickMessage] = useUpdateQuickMessageMutation();
  const [uploadMedia] = useUploadQuickMessageMediaMutation();
  const [deleteMedia] = useDeleteQuickMessageMediaMutation();
  const showSaveError = useShowSaveError();
  const attachment = useAttachment({
    stored: quickMessage,
    problem: attachmentProblem,
    upload: (id, file) => uploadMedia({ id, file }).unwrap(),
    remove: (id) => deleteMedia(id).unwrap(),
  });

  const formik = useFormik({
    initialValues: {
      shortcode: quickMessage?.shortcode ?? '',
      message: quickMessage?.message ?? '',
      geral: quickMessage?.geral ?? false,
    },
    validationSchema: quickMessageSchema,
    onSubmit: async (values, helpers) => {
      const input = quickMessageSchema.cast(values);
      let saved: QuickMessage;
      try {
        saved = savedId
          ? await updateQuickMessage({ id: savedId, changes: input }).unwrap()
          : await createQuickMessage(input).unwrap();
        setSavedId(saved.id);
      } catch (error) {
        showSaveError(error, helpers);
        return;
      }
      // The quick message itself is saved; the dialog stays open on its attachment's problem.
      if (!(await attachment.save(saved))) return;
      notify.success(t('quickMessages.saved'));
      onClose();
    },
  });

  return (
    <FormDialog
      title={quickMessage ? t('quickMessages.modal.editTitle') : t('quickMessages.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <Field
        label={t('quickMessages.fields.shortcode')}
        hint={t('quickMessages.shortcodeHint')}
        required
        {...fieldError(formik, 'shortcode', i18n)}
      >
        <Input {...inputProps(formik, 'shortcode')} />
      </Field>
      <MessageTextarea formik={formik} name="message" label={t('quickMessages.fields.message')} rows={5} />
      <Switch
        label={t('quickMessages.fields.geral')}
        checked={formik.values.geral}
        onChange={(_event, data) => void formik.setFieldValue('geral', data.checked)}
      />
      <AttachmentField
        attachment={attachment}
        label={t('quickMessages.fields.attachment')}
        hint={t('quickMessages.attachmentHint', { max: ATTACHMENT_MAX_MIB })}
        accept={ATTACHMENT_EXTENSIONS}
        chooseLabel={t('quickMessages.chooseFile')}
        removeLabel={(name) => t('quickMessages.removeFile', { name })}
        emptyText={t('quickMessages.noAttachment')}
        testId="quick-message-file"
      />
    </FormDialog>
  );
}
