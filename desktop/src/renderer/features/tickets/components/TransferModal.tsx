import { SearchCombobox } from '../../../components/SearchCombobox';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { type Id, type Ticket, V } from '@atendo/shared';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Select,
  tokens,
} from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../app/errors';
import { useDebouncedValue } from '../../../app/hooks';
import { useNotify } from '../../../app/toasts';
import { fieldError } from '../../../components/form';
import { useListQueuesQuery } from '../../queues/queues.api';
import { useListUserOptionsQuery } from '../../users/users.api';
import { useUpdateTicketMutation } from '../tickets.api';

/** Spec §5: user search starts at 3 characters, 500 ms after the last keystroke. */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 500;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export function TransferModal({
  ticket,
  onClose,
  onTransferring,
}: {
  ticket: Ticket;
  onClose: () => void;
  /** Told before the transfer is sent: the ticket may leave this user's sight while it goes. */
  onTransferring: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: queues = [] } = useListQueuesQuery();
  const [updateTicket] = useUpdateTicketMutation();
  const [userText, setUserText] = useState('');
  const term = useDebouncedValue(userText.trim(), SEARCH_DEBOUNCE_MS);
  const searching = term.length >= SEARCH_MIN_CHARS;
  const users = useListUserOptionsQuery(undefined, { skip: !searching });
  const matches = searching
    ? (users.data ?? []).filter((u) => u.name.toLowerCase().includes(term.toLowerCase())).slice(0, 20)
    : [];

  const formik = useFormik<{ queueId: Id | null; userId: Id | null }>({
    initialValues: { queueId: null, userId: null },
    // transferSchema's rule (queue required); checked by hand since an unchosen queue is null here.
    validate: (values) => (values.queueId ? {} : { queueId: V.required }),
    onSubmit: async (values) => {
      onTransferring();
      try {
        await updateTicket({
          id: ticket.id,
          changes: values.userId
            ? { queueId: values.queueId, userId: values.userId }
            : { queueId: values.queueId, userId: null, status: 'pending' },
        }).unwrap();
        notify.success(t('tickets.transfer.done'));
        onClose();
        void navigate('/tickets');
      } catch (failure) {
        notify.error(errorText(i18n, failure));
      }
    },
  });

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={formik.handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{t('tickets.transfer.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('tickets.transfer.queue')} required {...fieldError(formik, 'queueId', i18n)}>
                <Select
                  value={formik.values.queueId === null ? '' : String(formik.values.queueId)}
                  onChange={(_event, data) =>
                    void formik.setFieldValue('queueId', data.value ? Number(data.value) : null)
                  }
                >
                  <option value="">{t('tickets.transfer.chooseQueue')}</option>
                  {queues.map((queue) => (
                    <option key={queue.id} value={String(queue.id)}>
                      {queue.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('tickets.transfer.user')} hint={t('tickets.transfer.userHint')}>
                <SearchCombobox
                  placeholder={t('tickets.transfer.userPlaceholder')}
                  text={userText}
                  onTextChange={setUserText}
                  onSelect={(id) => void formik.setFieldValue('userId', id)}
                  searching={users.isFetching}
                  options={matches.map((u) => ({ id: u.id, text: u.name }))}
                />
              </Field>
            </DialogContent>
            <FormDialogActions
              submitting={formik.isSubmitting}
              onCancel={onClose}
              submitLabel={t('tickets.transfer.submit')}
            />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
