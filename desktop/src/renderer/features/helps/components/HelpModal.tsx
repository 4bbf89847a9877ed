import { type Help, helpSchema } from '@atendo/shared';
import { Field, Input, makeStyles, Textarea } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { useCreateHelpMutation, useUpdateHelpMutation } from '../helps.api';

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: '100%' },
});

export function HelpModal({ help, onClose }: { help: Help | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [createHelp] = useCreateHelpMutation();
  const [updateHelp] = useUpdateHelpMutation();

  const save = useFormSave(t('helps.saved'), onClose);
  const formik = useFormik({
    initialValues: { title: help?.title ?? '', video: help?.video ?? '', description: help?.description ?? '' },
    validationSchema: helpSchema,
    onSubmit: async (values, helpers) => {
      const input = helpSchema.cast(values);
      await save(helpers, async () => {
        if (help) await updateHelp({ id: help.id, changes: input }).unwrap();
        else await createHelp(input).unwrap();
      });
    },
  });

  return (
    <FormDialog
      title={help ? t('helps.modal.editTitle') : t('helps.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <Field label={t('helps.fields.title')} required {...fieldError(formik, 'title', i18n)}>
        <Input {...inputProps(formik, 'title')} />
      </Field>
      <Field
        label={t('helps.fields.video')}
        hint={t('helps.fields.videoHint')}
        required
        {...fieldError(formik, 'video', i18n)}
      >
        <Input {...inputProps(formik, 'video')} />
      </Field>
      <Field label={t('helps.fields.description')} {...fieldError(formik, 'description', i18n)}>
        <Textarea {...inputProps(formik, 'description')} rows={4} resize="vertical" />
      </Field>
    </FormDialog>
  );
}
