import { type Contact, contactSchema } from '@atendo/shared';
import { Field, Input } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { useCreateContactMutation, useUpdateContactMutation } from '../contacts.api';

const formSchema = contactSchema.pick(['name', 'number', 'email']);

interface ContactModalProps {
  /** The contact to edit, or null to add one. */
  contact: Contact | null;
  onClose: () => void;
}

/** Adds or edits a contact; the server stores the number in its one form (and says when it is taken). */
export function ContactModal({ contact, onClose }: ContactModalProps) {
  const { t, i18n } = useTranslation();
  const [createContact] = useCreateContactMutation();
  const [updateContact] = useUpdateContactMutation();
  const save = useFormSave(t('contacts.saved'), onClose);
  const formik = useFormik({
    initialValues: { name: contact?.name ?? '', number: contact?.number ?? '', email: contact?.email ?? '' },
    validationSchema: formSchema,
    onSubmit: async (values, helpers) => {
      const input = formSchema.cast(values);
      await save(helpers, async () => {
        if (contact) await updateContact({ id: contact.id, changes: input }).unwrap();
        else await createContact(input).unwrap();
      });
    },
  });

  return (
    <FormDialog
      title={contact ? t('contacts.modal.editTitle') : t('contacts.modal.addTitle')}
      form={formik}
      onClose={onClose}
    >
      <Field label={t('contacts.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
      <Field
        label={t('contacts.fields.number')}
        required
        hint={t('contacts.fields.numberHint')}
        {...fieldError(formik, 'number', i18n)}
      >
        <Input {...inputProps(formik, 'number')} type="tel" inputMode="tel" />
      </Field>
      <Field label={t('contacts.fields.email')} {...fieldError(formik, 'email', i18n)}>
        <Input {...inputProps(formik, 'email')} type="email" />
      </Field>
    </FormDialog>
  );
}
