import { can, type FileList, type FileListsPage as Page } from '@atendo/shared';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { selectSessionUser } from '../../auth/auth.slice';
import { useDeleteFileListMutation, usePageFileListsInfiniteQuery } from '../files.api';
import { FileListModal } from './FileListModal';

const filesOf = (page: Page) => page.files;

/** /files: the company's file lists, which campaigns send; everyone reads them, admins keep them. */
export function FilesPage() {
  const { t } = useTranslation();
  const mayManage = can(useAppSelector(selectSessionUser), 'files:manage');
  const columns: ListColumn<FileList>[] = [
    { key: 'name', label: t('files.fields.name'), cell: (list) => list.name },
    {
      key: 'files',
      label: t('files.fields.files'),
      width: '140px',
      cell: (list) => t('files.count', { count: list.options.length }),
    },
  ];
  return (
    <ListPage
      title={t('files.title')}
      layout="page"
      useQuery={usePageFileListsInfiniteQuery}
      rowsOf={filesOf}
      columns={columns}
      addLabel={mayManage ? t('files.add') : undefined}
      dialog={(list, close) => <FileListModal fileList={list} onClose={close} />}
      edit={{ label: (list) => t('files.editNamed', { name: list.name }), permission: 'files:manage' }}
      remove={{
        useMutation: useDeleteFileListMutation,
        permission: 'files:manage',
        label: (list) => t('files.deleteNamed', { name: list.name }),
        title: (list) => t('files.deleteTitle', { name: list.name }),
        message: t('files.deleteMessage'),
        deleted: t('files.deleted'),
      }}
      empty={t('files.empty')}
      noMatches={t('files.noMatches')}
    />
  );
}
