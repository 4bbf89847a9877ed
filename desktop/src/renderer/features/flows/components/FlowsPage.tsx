import type { Flow } from '@atendo/shared';
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { useDeleteConfirmation } from '../../../components/list-hooks';
import { DeleteDialog } from '../../../components/ListFrame';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { flowEditorPath } from '../flow-paths';
import { type FlowsPage as Page, useDeleteFlowMutation, usePageFlowsInfiniteQuery } from '../flows.api';
import { FlowNameModal } from './FlowNameModal';
import { FlowRowMenu } from './FlowRowMenu';

const useStyles = makeStyles({
  row: { cursor: 'pointer' },
  versions: { fontVariantNumeric: 'tabular-nums' },
  name: { fontWeight: tokens.fontWeightSemibold },
});

const flowsOf = (page: Page) => page.flows;

/**
 * A click on the row itself, which opens the flow; not one on its link or its menu (whose popover
 * is the row's child in React's tree, though not in the page's).
 */
function onRowItself(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  return event.currentTarget.contains(target) && !target.closest('a, button, [role="menuitem"]');
}

/**
 * /flowbuilders ('Fluxos de conversa'): the company's flows by name. A row opens its drawing; its
 * menu renames, opens, copies or deletes it (spec 2, Flows page).
 */
export function FlowsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState<Flow | null>(null);
  const deletion = useDeleteConfirmation<Flow>(useDeleteFlowMutation(), t('flows.deleted'));
  const open = (flow: Flow) => void navigate(flowEditorPath(flow.id));

  const columns: ListColumn<Flow>[] = [
    {
      key: 'name',
      label: t('flows.columns.name'),
      cell: (flow) => (
        <span className={styles.name}>
          <AppLink to={flowEditorPath(flow.id)}>{flow.name}</AppLink>
        </span>
      ),
    },
    {
      key: 'status',
      label: t('flows.columns.status'),
      width: '130px',
      cell: (flow) =>
        flow.active ? (
          <Badge appearance="tint" color="success">
            {t('flows.status.active')}
          </Badge>
        ) : (
          <Badge appearance="tint" color="subtle">
            {t('flows.status.inactive')}
          </Badge>
        ),
    },
    {
      key: 'versions',
      label: t('flows.columns.versions'),
      width: '110px',
      cell: (flow) => <span className={styles.versions}>{flow.version}</span>,
    },
  ];

  return (
    <>
      <ListPage
        title={t('flows.title')}
        layout="page"
        useQuery={usePageFlowsInfiniteQuery}
        rowsOf={flowsOf}
        columns={columns}
        rowProps={(flow) => ({
          className: styles.row,
          'data-flow-id': String(flow.id),
          onClick: (event) => {
            if (onRowItself(event)) open(flow);
          },
        })}
        addLabel={t('flows.add')}
        dialog={(flow, close) => <FlowNameModal flow={flow} onClose={close} />}
        actions={{
          label: t('common.actions'),
          width: '80px',
          cell: (flow) => (
            <FlowRowMenu flow={flow} onOpen={() => open(flow)} onRename={setRenaming} onDelete={deletion.ask} />
          ),
        }}
        empty={t('flows.empty')}
        noMatches={t('flows.noMatches')}
      />
      {renaming && <FlowNameModal flow={renaming} onClose={() => setRenaming(null)} />}
      <DeleteDialog
        deletion={deletion}
        title={deletion.target ? t('flows.deleteTitle', { name: deletion.target.name }) : ''}
        // A flow conversations run on hands them to people when it goes (FlowRunner.flowDeleted).
        message={t(deletion.target?.active ? 'flows.deleteActiveMessage' : 'flows.deleteMessage')}
      />
    </>
  );
}
