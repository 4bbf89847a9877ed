import { can, type Contact, type ContactsPage as Page, formatPhoneNumber } from '@atendo/shared';
import {
  Avatar,
  Button,
  Field,
  Input,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  TableCellLayout,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  ArrowUploadRegular,
  ChatAddRegular,
  DismissRegular,
  DocumentTableRegular,
  PhoneRegular,
} from '@fluentui/react-icons';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { selectSessionUser } from '../../auth/auth.slice';
import { NewTicketModal } from '../../tickets/components/NewTicketModal';
import {
  useDeleteContactMutation,
  useExportContactsMutation,
  useImportContactsMutation,
  usePageContactsInfiniteQuery,
} from '../contacts.api';
import { ContactModal } from './ContactModal';
import { ImportContactsDialog } from './ImportContactsDialog';

const useStyles = makeStyles({
  tools: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  date: { width: '150px' },
  number: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

const contactsOf = (page: Page) => page.contacts;

/** The days chosen above the list, for the list's query (ListPage gives it the search text only). */
const DaysContext = createContext<{ dateStart?: string; dateEnd?: string }>({});

function useContactsQuery(searchParam: string) {
  return usePageContactsInfiniteQuery({ searchParam, ...useContext(DaysContext) });
}

/** Saves an object URL under `filename` (the desktop app asks where), then lets it go. */
function saveObjectUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has surely read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** /contacts: the company's contacts, searched and filtered by creation day; import, export, start a conversation. */
export function ContactsPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [dates, setDates] = useState({ from: '', to: '' });
  const [importing, setImporting] = useState(false);
  const [startWith, setStartWith] = useState<Contact | null>(null);
  const [exportContacts, exporting] = useExportContactsMutation();
  const [importBook, booking] = useImportContactsMutation();
  // Admins and supervisors bring contacts in; the server refuses others.
  const mayImport = can(useAppSelector(selectSessionUser), 'contacts:import');
  // A span typed backwards means the same days.
  const [dateStart, dateEnd] =
    dates.from && dates.to && dates.from > dates.to ? [dates.to, dates.from] : [dates.from, dates.to];
  const filter = { dateStart: dateStart || undefined, dateEnd: dateEnd || undefined };

  const download = async () => {
    try {
      saveObjectUrl(await exportContacts({ searchParam: '', ...filter }).unwrap(), 'contatos.csv');
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };

  const importFromWhatsapp = async () => {
    try {
      const result = await importBook({}).unwrap();
      notify.success(t('contacts.import.whatsappDone', { created: result.created, existing: result.existing }));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };

  const columns: ListColumn<Contact>[] = [
    {
      key: 'name',
      label: t('contacts.columns.name'),
      cell: (contact) => (
        <TableCellLayout
          media={
            <Avatar
              name={contact.name}
              size={28}
              color="colorful"
              image={contact.profilePicUrl ? { src: contact.profilePicUrl } : undefined}
            />
          }
        >
          {contact.name}
        </TableCellLayout>
      ),
    },
    {
      key: 'number',
      label: t('contacts.columns.number'),
      cell: (contact) => <span className={styles.number}>{formatPhoneNumber(contact.number)}</span>,
      width: '190px',
    },
    { key: 'email', label: t('contacts.columns.email'), cell: (contact) => contact.email },
  ];

  const toolbar = (
    <div className={styles.tools}>
      <Field label={t('contacts.filter.from')}>
        <Input
          className={styles.date}
          type="date"
          value={dates.from}
          onChange={(_event, { value }) => setDates((current) => ({ ...current, from: value }))}
        />
      </Field>
      <Field label={t('contacts.filter.to')}>
        <Input
          className={styles.date}
          type="date"
          value={dates.to}
          onChange={(_event, { value }) => setDates((current) => ({ ...current, to: value }))}
        />
      </Field>
      {(dates.from || dates.to) && (
        <Button
          appearance="subtle"
          icon={<DismissRegular />}
          aria-label={t('contacts.filter.clear')}
          onClick={() => setDates({ from: '', to: '' })}
        />
      )}
      {mayImport && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button icon={booking.isLoading ? <Spinner size="tiny" /> : <ArrowUploadRegular />}>
              {t('contacts.import.button')}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem icon={<DocumentTableRegular />} onClick={() => setImporting(true)}>
                {t('contacts.import.fromSpreadsheet')}
              </MenuItem>
              <MenuItem icon={<PhoneRegular />} disabled={booking.isLoading} onClick={() => void importFromWhatsapp()}>
                {t('contacts.import.fromWhatsapp')}
              </MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
      <Button
        icon={exporting.isLoading ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
        disabled={exporting.isLoading}
        onClick={() => void download()}
      >
        {t('contacts.export.button')}
      </Button>
    </div>
  );

  return (
    <DaysContext value={filter}>
      <ListPage
        title={t('contacts.title')}
        layout="page"
        useQuery={useContactsQuery}
        rowsOf={contactsOf}
        columns={columns}
        toolbar={toolbar}
        addLabel={t('contacts.add')}
        dialog={(contact, close) => <ContactModal contact={contact} onClose={close} />}
        rowTools={(contact) => (
          <Button
            appearance="subtle"
            icon={<ChatAddRegular />}
            aria-label={t('contacts.startTicket', { name: contact.name })}
            onClick={() => setStartWith(contact)}
          />
        )}
        edit={{ label: (contact) => t('contacts.editNamed', { name: contact.name }) }}
        remove={{
          useMutation: useDeleteContactMutation,
          permission: 'contacts-page:deleteContact',
          label: (contact) => t('contacts.deleteNamed', { name: contact.name }),
          title: (contact) => t('contacts.deleteTitle', { name: contact.name }),
          message: t('contacts.deleteMessage'),
          deleted: t('contacts.deleted'),
        }}
        empty={t('contacts.empty')}
        noMatches={t('contacts.noMatches')}
      />
      {importing && <ImportContactsDialog onClose={() => setImporting(false)} />}
      {startWith && <NewTicketModal contact={startWith} onClose={() => setStartWith(null)} />}
    </DaysContext>
  );
}
