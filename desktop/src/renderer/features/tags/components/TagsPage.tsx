import { can, type Tag, type TagsPage as Page } from '@atendo/shared';
import { makeStyles, TableCellLayout, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';
import { useDeleteTagMutation, usePageTagsInfiniteQuery } from '../tags.api';
import { TagModal } from './TagModal';

const useStyles = makeStyles({
  swatch: {
    display: 'inline-block',
    width: '14px',
    height: '14px',
    borderRadius: tokens.borderRadiusCircular,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
});

const tagsOf = (page: Page) => page.tags;

/** /tags: the company's ticket tags, their tickets count and which are kanban lanes. */
export function TagsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  // Deleting a kanban lane is for whoever may make one (the server refuses the others).
  const mayTouchLanes = can(useAppSelector(selectSessionUser), 'tags:kanbanToggle');
  const columns: ListColumn<Tag>[] = [
    {
      key: 'name',
      label: t('tags.columns.name'),
      cell: (tag) => (
        <TableCellLayout media={<span className={styles.swatch} style={{ backgroundColor: tag.color }} aria-hidden />}>
          {tag.name}
        </TableCellLayout>
      ),
    },
    { key: 'tickets', label: t('tags.columns.tickets'), cell: (tag) => tag.ticketsCount ?? 0, width: '120px' },
    {
      key: 'kanban',
      label: t('tags.columns.kanban'),
      cell: (tag) => (tag.kanban ? t('tags.lane') : t('tags.noLane')),
      width: '120px',
    },
  ];
  return (
    <ListPage
      title={t('tags.title')}
      layout="page"
      useQuery={usePageTagsInfiniteQuery}
      rowsOf={tagsOf}
      columns={columns}
      addLabel={t('tags.add')}
      dialog={(tag, close) => <TagModal tag={tag} onClose={close} />}
      edit={{ label: (tag) => t('tags.editNamed', { name: tag.name }) }}
      remove={{
        useMutation: useDeleteTagMutation,
        allowed: (tag) => mayTouchLanes || !tag.kanban,
        label: (tag) => t('tags.deleteNamed', { name: tag.name }),
        title: (tag) => t('tags.deleteTitle', { name: tag.name }),
        message: t('tags.deleteMessage'),
        deleted: t('tags.deleted'),
      }}
      empty={t('tags.empty')}
      noMatches={t('tags.noMatches')}
    />
  );
}
