import { type ContactListItem, contactListItemSchema, type Id } from '@atendo/shared';
import { Field, Input } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { useCreateContactListItemMutation, useUpdateContactListItemMutation } from '../contact-lists.api';

interface ContactListItemModalProps {
  /** The list a new item joins (an edited item stays on its own). */
  contactListId: Id;
  /** The item to edit, or null to add one. */
  item: ContactListItem | null;
  onClose: () => void;
}

export function ContactListItemModal({ contactListId, item, onClose }: ContactListItemModalProps) {
  const { t, i18n } = useTranslation();
  const [createItem] = useCreateContactListItemMutation();
  const [updateItem] = useUpdateContactListItemMutation();
  const save = useFormSave(t('contactLists.items.saved'), onClose);
  const formik = useFormik({
    initialValues: {
      name: item?.name ?? '',
      number: item?.number ?? '',
      email: item?.email ?? '',
      contactListId: item?.contactListId ?? contactListId,
    },
    validationSchema: contactListItemSchema,
    onSubmit: async (values, helpers) => {
      const input = contactListItemSchema.cast(values);
      await save(helpers, async () => {
        if (item) await updateItem({ id: item.id, changes: input }).unwrap();
        else await createItem(input).unwrap();
      });
    },
  });

  return (
    <FormDialog
      title={item ? t('contactLists.items.modal.editTitle') : t('contactLists.items.modal.addTitle')}
      form={formik}
      onClose={onClose}
    >
      <Field label={t('contactLists.items.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
      <Field
        label={t('contactLists.items.fields.number')}
        hint={t('contactLists.items.fields.numberHint')}
        {...fieldError(formik, 'number', i18n)}
      >
        <Input {...inputProps(formik, 'number')} type="tel" inputMode="tel" />
      </Field>
      <Field label={t('contactLists.items.fields.email')} {...fieldError(formik, 'email', i18n)}>
        <Input {...inputProps(formik, 'email')} type="email" />
      </Field>
    </FormDialog>
  );
}
