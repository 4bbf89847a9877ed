import { contactSchema, type Ticket, ticketNoteSchema } from '@atendo/shared';
import {
  Button,
  Caption1,
  Divider,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Input,
  makeStyles,
  OverlayDrawer,
  Spinner,
  Subtitle2,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors } from '../../../app/errors';
import { formatDate, formatTime } from '../../../app/format';
import { useNotify } from '../../../app/toasts';
import { fieldError } from '../../../components/form';
import { useUpdateContactMutation } from '../../contacts/contacts.api';
import { useAddNoteMutation, useDeleteNoteMutation, useListNotesQuery } from '../tickets.api';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  notes: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  note: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
  },
  noteText: { flexGrow: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3 },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalL,
  },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** The slide-out contact drawer: edit the contact, and the ticket's internal notes. */
export function ContactDrawer({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [updateContact] = useUpdateContactMutation();
  const noteKey = { ticketId: ticket.id, contactId: ticket.contactId };
  const notes = useListNotesQuery(noteKey);
  const [addNote] = useAddNoteMutation();
  const [deleteNote] = useDeleteNoteMutation();

  const contactForm = useFormik({
    initialValues: {
      name: ticket.contact.name,
      number: ticket.contact.number,
      email: ticket.contact.email ?? '',
    },
    validationSchema: contactSchema.pick(['name', 'number', 'email']),
    onSubmit: async (values, helpers) => {
      try {
        await updateContact({ id: ticket.contactId, changes: values }).unwrap();
        notify.success(t('tickets.contactDrawer.saved'));
      } catch (failure) {
        const fields = serverFieldErrors(failure);
        if (fields) helpers.setErrors(fields as Record<string, string>);
        else notify.error(errorText(i18n, failure));
      }
    },
  });

  const noteForm = useFormik({
    initialValues: { note: '', ...noteKey },
    validationSchema: ticketNoteSchema,
    onSubmit: async (values, helpers) => {
      try {
        await addNote({ ...noteKey, note: values.note.trim() }).unwrap();
        notify.success(t('tickets.notes.added'));
        helpers.resetForm();
      } catch (failure) {
        notify.error(errorText(i18n, failure));
      }
    },
  });

  const remove = async (id: number) => {
    try {
      await deleteNote({ id, ...noteKey }).unwrap();
      notify.success(t('tickets.notes.deleted'));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };

  return (
    <OverlayDrawer
      position="end"
      open
      size="medium"
      onOpenChange={(_event, data) => !data.open && onClose()}
      aria-label={t('tickets.contactDrawer.title')}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('common.close')} onClick={onClose} />
          }
        >
          {t('tickets.contactDrawer.title')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <form className={styles.form} onSubmit={contactForm.handleSubmit} noValidate>
          <Field label={t('tickets.contactDrawer.name')} required {...fieldError(contactForm, 'name', i18n)}>
            <Input
              name="name"
              value={contactForm.values.name}
              onChange={contactForm.handleChange}
              onBlur={contactForm.handleBlur}
            />
          </Field>
          <Field label={t('tickets.contactDrawer.number')} required {...fieldError(contactForm, 'number', i18n)}>
            <Input
              name="number"
              value={contactForm.values.number}
              onChange={contactForm.handleChange}
              onBlur={contactForm.handleBlur}
            />
          </Field>
          <Field label={t('tickets.contactDrawer.email')} {...fieldError(contactForm, 'email', i18n)}>
            <Input
              name="email"
              type="email"
              value={contactForm.values.email}
              onChange={contactForm.handleChange}
              onBlur={contactForm.handleBlur}
            />
          </Field>
          <div className={styles.actions}>
            <Button
              type="submit"
              appearance="primary"
              disabled={contactForm.isSubmitting}
              icon={contactForm.isSubmitting ? <Spinner size="tiny" /> : undefined}
            >
              {t('tickets.contactDrawer.save')}
            </Button>
          </div>
        </form>
        <Divider />
        <section className={styles.section} aria-label={t('tickets.notes.title')}>
          <Subtitle2>{t('tickets.notes.title')}</Subtitle2>
          <form className={styles.form} onSubmit={noteForm.handleSubmit} noValidate>
            <Field label={t('tickets.notes.new')} {...fieldError(noteForm, 'note', i18n)}>
              <Textarea
                name="note"
                rows={3}
                value={noteForm.values.note}
                onChange={noteForm.handleChange}
                onBlur={noteForm.handleBlur}
              />
            </Field>
            <div className={styles.actions}>
              <Button type="submit" disabled={noteForm.isSubmitting}>
                {t('tickets.notes.add')}
              </Button>
            </div>
          </form>
          {notes.isLoading && <Spinner size="tiny" label={t('common.loading')} />}
          {!notes.isLoading && (notes.data ?? []).length === 0 && <Text>{t('tickets.notes.empty')}</Text>}
          <ul className={styles.notes}>
            {(notes.data ?? []).map((note) => (
              <li key={note.id} className={styles.note}>
                <div className={styles.noteText}>
                  <Text>{note.note}</Text>
                  <Caption1 block className={styles.meta}>
                    {/* A note without an author is the product's own: an AI agent or a bot handing over. */}
                    {note.user?.name || t('tickets.notes.automatic')} · {formatDate(note.createdAt)}{' '}
                    {formatTime(note.createdAt)}
                  </Caption1>
                </div>
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<DeleteRegular />}
                  aria-label={t('tickets.notes.delete')}
                  onClick={() => void remove(note.id)}
                />
              </li>
            ))}
          </ul>
        </section>
      </DrawerBody>
    </OverlayDrawer>
  );
}
