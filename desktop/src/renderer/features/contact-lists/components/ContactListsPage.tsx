import type { ContactList, ContactListsPage as Page } from '@atendo/shared';
import { Button } from '@fluentui/react-components';
import { ArrowDownloadRegular, PeopleListRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { useDeleteContactListMutation, usePageContactListsInfiniteQuery } from '../contact-lists.api';
import { ContactListModal } from './ContactListModal';

/** A real .xlsx of the columns the import reads (Nome, Número, Email), bundled with the app's assets. */
const EXAMPLE_URL = new URL('../contact-list-example.xlsx', import.meta.url).href;
const EXAMPLE_NAME = 'contact-list-example.xlsx';

const listsOf = (page: Page) => page.records;

/** /contact-lists: the company's contact lists (campaign audiences) and how many contacts each holds. */
export function ContactListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns: ListColumn<ContactList>[] = [
    { key: 'name', label: t('contactLists.columns.name'), cell: (list) => list.name },
    { key: 'contacts', label: t('contactLists.columns.contacts'), cell: (list) => list.contactsCount, width: '120px' },
    {
      key: 'open',
      label: t('contactLists.columns.open'),
      width: '110px',
      cell: (list) => (
        <Button
          appearance="subtle"
          icon={<PeopleListRegular />}
          aria-label={t('contactLists.openNamed', { name: list.name })}
          onClick={() => void navigate(`/contact-lists/${list.id}/contacts`)}
        />
      ),
    },
  ];
  return (
    <ListPage
      title={t('contactLists.title')}
      layout="page"
      useQuery={usePageContactListsInfiniteQuery}
      rowsOf={listsOf}
      columns={columns}
      addLabel={t('contactLists.add')}
      toolbar={
        <Button as="a" href={EXAMPLE_URL} download={EXAMPLE_NAME} icon={<ArrowDownloadRegular />}>
          {t('contactLists.example')}
        </Button>
      }
      dialog={(list, close) => <ContactListModal list={list} onClose={close} />}
      edit={{ label: (list) => t('contactLists.editNamed', { name: list.name }) }}
      remove={{
        useMutation: useDeleteContactListMutation,
        label: (list) => t('contactLists.deleteNamed', { name: list.name }),
        title: (list) => t('contactLists.deleteTitle', { name: list.name }),
        message: t('contactLists.deleteMessage'),
        deleted: t('contactLists.deleted'),
      }}
      empty={t('contactLists.empty')}
      noMatches={t('contactLists.noMatches')}
    />
  );
}
