import type { Help } from '@atendo/shared';
import { makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage, wholeList } from '../../../components/ListPage';
import { useDeleteHelpMutation, useListHelpsQuery } from '../helps.api';
import { HelpModal } from './HelpModal';

const useStyles = makeStyles({
  ellipsis: {
    display: 'block',
    maxWidth: '420px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
});

/** The help videos come whole: a short list. */
const useHelps = () => wholeList<Help>(useListHelpsQuery());
const helpsOf = (helps: Help[]) => helps;

/** /helps-admin (super-admin): the platform's help videos that every company sees on /helps. */
export function HelpsAdminPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const columns: ListColumn<Help>[] = [
    { key: 'title', label: t('helps.fields.title'), cell: (help) => help.title },
    { key: 'video', label: t('helps.fields.video'), cell: (help) => help.video },
    {
      key: 'description',
      label: t('helps.fields.description'),
      cell: (help) => (
        <span className={styles.ellipsis} title={help.description}>
          {help.description}
        </span>
      ),
    },
  ];
  return (
    <ListPage
      title={t('helps.tableLabel')}
      layout="page"
      useQuery={useHelps}
      rowsOf={helpsOf}
      columns={columns}
      searchable={false}
      addLabel={t('helps.add')}
      dialog={(help, close) => <HelpModal help={help} onClose={close} />}
      edit={{ label: (help) => t('helps.editNamed', { title: help.title }) }}
      remove={{
        useMutation: useDeleteHelpMutation,
        label: (help) => t('helps.deleteNamed', { title: help.title }),
        title: (help) => t('helps.deleteTitle', { title: help.title }),
        message: t('helps.deleteMessage'),
        deleted: t('helps.deleted'),
      }}
      empty={t('helps.empty')}
    />
  );
}
