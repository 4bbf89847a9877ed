import { type ContactListItem, type ContactListItemsPage as Page, formatPhoneNumber } from '@atendo/shared';
import { Button } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import {
  useDeleteContactListItemMutation,
  useGetContactListQuery,
  usePageContactListItemsInfiniteQuery,
} from '../contact-lists.api';
import { AddContactsButton } from './AddContactsDialog';
import { ContactListItemModal } from './ContactListItemModal';
import { ImportSpreadsheet } from './ImportSpreadsheet';
import { WhatsappValidity } from './WhatsappValidity';

const itemsOf = (page: Page) => page.contacts;

/** /contact-lists/:contactListId/contacts: one list's people, each with whether WhatsApp knows the number. */
export function ContactListItemsPage() {
  const id = Number(useParams().contactListId);
  // A path that cannot name a list has no page: back to the lists.
  return Number.isInteger(id) && id > 0 ? <ListItems contactListId={id} /> : <Navigate to="/contact-lists" replace />;
}

function ListItems({ contactListId }: { contactListId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useGetContactListQuery(contactListId);
  const useItems = (searchParam: string) => usePageContactListItemsInfiniteQuery({ contactListId, searchParam });
  const columns: ListColumn<ContactListItem>[] = [
    {
      key: 'whatsapp',
      label: t('contactLists.items.columns.whatsapp'),
      cell: (item) => <WhatsappValidity item={item} />,
      width: '100px',
    },
    { key: 'name', label: t('contactLists.items.columns.name'), cell: (item) => item.name },
    {
      key: 'number',
      label: t('contactLists.items.columns.number'),
      cell: (item) => (item.number ? formatPhoneNumber(item.number) : '—'),
    },
    { key: 'email', label: t('contactLists.items.columns.email'), cell: (item) => item.email || '—' },
  ];
  return (
    <ListPage
      // The list's name once known; until then (or if it is gone) what the page is.
      title={list.data?.name ?? t('contactLists.items.title')}
      layout="page"
      useQuery={useItems}
      rowsOf={itemsOf}
      columns={columns}
      addLabel={t('contactLists.items.add')}
      toolbar={
        <>
          <AddContactsButton contactListId={contactListId} />
          <ImportSpreadsheet contactListId={contactListId} />
          <Button icon={<ArrowLeftRegular />} onClick={() => void navigate('/contact-lists')}>
            {t('contactLists.items.back')}
          </Button>
        </>
      }
      dialog={(item, close) => <ContactListItemModal contactListId={contactListId} item={item} onClose={close} />}
      edit={{ label: (item) => t('contactLists.items.editNamed', { name: item.name }) }}
      remove={{
        useMutation: useDeleteContactListItemMutation,
        label: (item) => t('contactLists.items.deleteNamed', { name: item.name }),
        title: (item) => t('contactLists.items.deleteTitle', { name: item.name }),
        message: t('contactLists.items.deleteMessage'),
        deleted: t('contactLists.items.deleted'),
      }}
      empty={t('contactLists.items.empty')}
      noMatches={t('contactLists.items.noMatches')}
      toastErrors
    />
  );
}
