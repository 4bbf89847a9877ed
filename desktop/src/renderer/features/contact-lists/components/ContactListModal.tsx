import { type ContactList, contactListSchema } from '@atendo/shared';
import { Field, Input } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { useCreateContactListMutation, useUpdateContactListMutation } from '../contact-lists.api';

interface ContactListModalProps {
  /** The list to rename, or null to create one. */
  list: ContactList | null;
  onClose: () => void;
}

export function ContactListModal({ list, onClose }: ContactListModalProps) {
  const { t, i18n } = useTranslation();
  const [createList] = useCreateContactListMutation();
  const [updateList] = useUpdateContactListMutation();
  const save = useFormSave(t('contactLists.saved'), onClose);
  const formik = useFormik({
    initialValues: { name: list?.name ?? '' },
    validationSchema: contactListSchema,
    onSubmit: async (values, helpers) => {
      const input = contactListSchema.cast(values);
      await save(helpers, async () => {
        if (list) await updateList({ id: list.id, changes: input }).unwrap();
        else await createList(input).unwrap();
      });
    },
  });

  return (
    <FormDialog
      title={list ? t('contactLists.modal.editTitle') : t('contactLists.modal.addTitle')}
      form={formik}
      onClose={onClose}
    >
      <Field label={t('contactLists.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
    </FormDialog>
  );
}
