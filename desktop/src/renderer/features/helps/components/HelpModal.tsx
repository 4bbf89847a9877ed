import { type Help, helpSchema } from '@atendo/shared';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { fieldError } from '../../../components/form';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { useCreateHelpMutation, useUpdateHelpMutation } from '../helps.api';

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export function HelpModal({ help, onClose }: { help: Help | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [createHelp] = useCreateHelpMutation();
  const [updateHelp] = useUpdateHelpMutation();

  const formik = useFormik({
    initialValues: { title: help?.title ?? '', video: help?.video ?? '', description: help?.description ?? '' },
    validationSchema: helpSchema,
    onSubmit: async (values, helpers) => {
      const input = helpSchema.cast(values);
      try {
        if (help) await updateHelp({ id: help.id, changes: input }).unwrap();
        else await createHelp(input).unwrap();
        notify.success(t('helps.saved'));
        onClose();
      } catch (error) {
        const fields = serverFieldErrors(error);
        if (fields) helpers.setErrors(fields as Record<string, string>);
        else notify.error(errorText(i18n, error));
      }
    },
  });

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={formik.handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{help ? t('helps.modal.editTitle') : t('helps.modal.addTitle')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('helps.fields.title')} required {...fieldError(formik, 'title', i18n)}>
                <Input
                  name="title"
                  value={formik.values.title}
                  onChange={formik.handleChange}
                  onBlur={formik.handleBlur}
                />
              </Field>
              <Field
                label={t('helps.fields.video')}
                hint={t('helps.fields.videoHint')}
                required
                {...fieldError(formik, 'video', i18n)}
              >
                <Input
                  name="video"
                  value={formik.values.video}
                  onChange={formik.handleChange}
                  onBlur={formik.handleBlur}
                />
              </Field>
              <Field label={t('helps.fields.description')} {...fieldError(formik, 'description', i18n)}>
                <Textarea
                  name="description"
                  rows={4}
                  resize="vertical"
                  value={formik.values.description}
                  onChange={formik.handleChange}
                  onBlur={formik.handleBlur}
                />
              </Field>
            </DialogContent>
            <FormDialogActions submitting={formik.isSubmitting} onCancel={onClose} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
