import { SearchCombobox } from '../../../components/SearchCombobox';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { can, type Contact, type Id, V } from '@atendo/shared';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  tokens,
} from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorBody, errorText } from '../../../app/errors';
import { useDebouncedValue } from '../../../app/hooks';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { fieldError } from '../../../components/form';
import { selectSessionUser } from '../../auth/auth.slice';
import { useListConnectionsQuery } from '../../connections/connections.api';
import { useSearchContactsQuery } from '../../contacts/contacts.api';
import { useListQueuesQuery } from '../../queues/queues.api';
import { type OtherOpenTicketBody, useCreateTicketMutation } from '../tickets.api';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from './TransferModal';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface Values {
  contactId: Id | null;
  queueId: Id | null;
  whatsappId: Id | null;
}

/** Who holds the contact's other ticket, from the 409 body (spec §8). */
export function otherTicketOwner(error: unknown): { user: string; queue: string } | null {
  const body = errorBody(error) as OtherOpenTicketBody | null;
  if (body?.error !== 'ERR_OTHER_OPEN_TICKET' || !body.ticket) return null;
  return { user: body.ticket.user?.name ?? '', queue: body.ticket.queue?.name ?? '' };
}

/** `contact`: the conversation is with this contact (started from the contacts page). */
export function NewTicketModal({ onClose, contact }: { onClose: () => void; contact?: Contact }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const user = useAppSelector(selectSessionUser);
  const isAdmin = can(user, 'tickets:bypassQueueRestriction');
  const allQueues = useListQueuesQuery(undefined, { skip: !isAdmin });
  const queues = isAdmin ? (allQueues.data ?? []) : (user?.queues ?? []);
  const connections = useListConnectionsQuery();
  const [createTicket] = useCreateTicketMutation();
  const [contactText, setContactText] = useState(contact?.name ?? '');
  const [conflict, setConflict] = useState<string | null>(null);
  const term = useDebouncedValue(contactText.trim(), SEARCH_DEBOUNCE_MS);
  const searching = term.length >= SEARCH_MIN_CHARS;
  const contacts = useSearchContactsQuery(term, { skip: !searching });

  const formik = useFormik<Values>({
    initialValues: { contactId: contact?.id ?? null, queueId: null, whatsappId: user?.whatsappId ?? null },
    validate: (values) => {
      const errors: Partial<Record<keyof Values, string>> = {};
      if (!values.contactId) errors.contactId = V.required;
      if (!values.queueId && !isAdmin) errors.queueId = 'tickets.newTicketModal.selectQueue';
      return errors;
    },
    onSubmit: async (values) => {
      if (!user || !values.contactId) return;
      setConflict(null);
      try {
        const ticket = await createTicket({
          contactId: values.contactId,
          queueId: values.queueId,
          whatsappId: values.whatsappId,
          userId: user.id,
          status: 'open',
        }).unwrap();
        onClose();
        void navigate(`/tickets/${ticket.uuid}`);
      } catch (failure) {
        const owner = otherTicketOwner(failure);
        if (owner) setConflict(t('tickets.newTicketModal.otherOpen', owner));
        else notify.error(errorText(i18n, failure));
      }
    },
  });

  const options: Contact[] = searching ? (contacts.data ?? []) : [];

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={formik.handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{t('tickets.newTicketModal.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              {conflict && (
                <MessageBar intent="warning" layout="multiline">
                  <MessageBarBody>{conflict}</MessageBarBody>
                </MessageBar>
              )}
              <Field
                label={t('tickets.newTicketModal.contact')}
                required
                hint={t('tickets.newTicketModal.contactHint')}
                {...fieldError(formik, 'contactId', i18n)}
              >
                <SearchCombobox
                  placeholder={t('tickets.newTicketModal.contactPlaceholder')}
                  text={contactText}
                  onTextChange={setContactText}
                  onSelect={(id) => void formik.setFieldValue('contactId', id)}
                  searching={contacts.isFetching}
                  options={options.map((contact) => ({
                    id: contact.id,
                    text: contact.name,
                    label: `${contact.name} (${contact.number})`,
                  }))}
                />
              </Field>
              <Field
                label={t('tickets.newTicketModal.queue')}
                required={!isAdmin}
                {...fieldError(formik, 'queueId', i18n)}
              >
                <Select
                  value={formik.values.queueId === null ? '' : String(formik.values.queueId)}
                  onChange={(_event, data) =>
                    void formik.setFieldValue('queueId', data.value ? Number(data.value) : null)
                  }
                >
                  <option value="">{t('tickets.newTicketModal.selectQueue')}</option>
                  {queues.map((queue) => (
                    <option key={queue.id} value={String(queue.id)}>
                      {queue.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('tickets.newTicketModal.connection')}>
                <Select
                  value={formik.values.whatsappId === null ? '' : String(formik.values.whatsappId)}
                  onChange={(_event, data) =>
                    void formik.setFieldValue('whatsappId', data.value ? Number(data.value) : null)
                  }
                >
                  <option value="">{t('tickets.newTicketModal.defaultConnection')}</option>
                  {(connections.data ?? []).map((connection) => (
                    <option key={connection.id} value={String(connection.id)}>
                      {connection.name}
                    </option>
                  ))}
                </Select>
              </Field>
            </DialogContent>
            <FormDialogActions
              submitting={formik.isSubmitting}
              onCancel={onClose}
              submitLabel={t('tickets.newTicketModal.submit')}
            />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
