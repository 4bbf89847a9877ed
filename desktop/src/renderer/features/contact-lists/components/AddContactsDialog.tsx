import { contactListAddContactsSchema, type Id } from '@atendo/shared';
import { Button, Field, makeStyles, Select, Tag, TagGroup, tokens } from '@fluentui/react-components';
import { PeopleAddRegular } from '@fluentui/react-icons';
import { type FormikErrors, useFormik, yupToFormErrors } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { useDebouncedValue } from '../../../app/hooks';
import { useNotify } from '../../../app/toasts';
import { fieldError, useShowSaveError } from '../../../components/form';
import { FormDialog } from '../../../components/FormDialog';
import { SearchCombobox } from '../../../components/SearchCombobox';
import { useSearchContactsQuery } from '../../contacts/contacts.api';
import { useListTagsQuery } from '../../tags/tags.api';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../../tickets/components/TransferModal';
import { useAddContactsToListMutation } from '../contact-lists.api';

const useStyles = makeStyles({
  chosen: { flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

interface Values {
  contacts: { id: Id; name: string }[];
  tagId: string;
}

/** The toolbar's "Add existing contacts": contacts picked one by one and/or everyone with a tag. */
export function AddContactsButton({ contactListId }: { contactListId: Id }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PeopleAddRegular />} onClick={() => setOpen(true)}>
        {t('contactLists.addContacts.button')}
      </Button>
      {open && <AddContactsDialog contactListId={contactListId} onClose={() => setOpen(false)} />}
    </>
  );
}

const bodyOf = (values: Values) => ({
  contactIds: values.contacts.map((contact) => contact.id),
  tagId: values.tagId ? Number(values.tagId) : null,
});

function AddContactsDialog({ contactListId, onClose }: { contactListId: Id; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const showSaveError = useShowSaveError();
  const tags = useListTagsQuery();
  const [addContacts] = useAddContactsToListMutation();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = term.length >= SEARCH_MIN_CHARS;
  const found = useSearchContactsQuery(term, { skip: !searching });

  const formik = useFormik<Values>({
    initialValues: { contacts: [], tagId: '' },
    validate: async (values) => {
      try {
        await contactListAddContactsSchema.validate(bodyOf(values), { abortEarly: false });
        return {};
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return yupToFormErrors(error) as FormikErrors<Values>;
      }
    },
    onSubmit: async (values, helpers) => {
      try {
        const report = await addContacts({ id: contactListId, body: bodyOf(values) }).unwrap();
        notify.success(t('contactLists.addContacts.done', { added: report.added, skipped: report.skipped }));
        onClose();
      } catch (error) {
        showSaveError(error, helpers);
      }
    },
  });
  const { contacts } = formik.values;
  const pick = (id: number | null) => {
    const contact = id && found.data?.find((option) => option.id === id);
    if (!contact || contacts.some((chosen) => chosen.id === contact.id)) return;
    void formik.setFieldValue('contacts', [...contacts, { id: contact.id, name: contact.name }]);
    setText('');
  };

  return (
    <FormDialog title={t('contactLists.addContacts.title')} form={formik} onClose={onClose}>
      <Field
        label={t('contactLists.addContacts.contacts')}
        hint={t('contactLists.addContacts.contactsHint')}
        {...fieldError(formik, 'contactIds', i18n)}
      >
        <SearchCombobox
          placeholder={t('contactLists.addContacts.search')}
          text={text}
          onTextChange={setText}
          onSelect={pick}
          searching={found.isFetching}
          options={(searching ? (found.data ?? []) : []).map((option) => ({
            id: option.id,
            text: option.name,
            label: `${option.name} (${option.number})`,
          }))}
        />
      </Field>
      {contacts.length > 0 && (
        <TagGroup
          className={styles.chosen}
          aria-label={t('contactLists.addContacts.chosen')}
          onDismiss={(_event, data) =>
            void formik.setFieldValue(
              'contacts',
              contacts.filter((contact) => String(contact.id) !== data.value),
            )
          }
        >
          {contacts.map((contact) => (
            <Tag
              key={contact.id}
              value={String(contact.id)}
              dismissible
              dismissIcon={{ 'aria-label': t('contactLists.addContacts.remove', { name: contact.name }) }}
            >
              {contact.name}
            </Tag>
          ))}
        </TagGroup>
      )}
      <Field
        label={t('contactLists.addContacts.tag')}
        hint={t('contactLists.addContacts.tagHint')}
        {...fieldError(formik, 'tagId', i18n)}
      >
        <Select name="tagId" value={formik.values.tagId} onChange={formik.handleChange}>
          <option value="">{t('contactLists.addContacts.noTag')}</option>
          {(tags.data ?? []).map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}
