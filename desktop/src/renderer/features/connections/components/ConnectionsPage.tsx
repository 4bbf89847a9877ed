import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import { can, type WhatsappConnection } from '@atendo/shared';
import {
  Badge,
  Button,
  Caption1,
  makeStyles,
  Spinner,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  CheckmarkCircleFilled,
  PlugDisconnectedRegular,
  QrCodeRegular,
} from '@fluentui/react-icons';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { useDeleteConfirmation, useEditDialog } from '../../../components/list-hooks';
import { ActionsHeaderCell, AddButton, DeleteDialog, ListCard } from '../../../components/ListFrame';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { selectSessionUser } from '../../auth/auth.slice';
import { sessionActions, statusTone } from '../connection-status';
import {
  useDeleteConnectionMutation,
  useDisconnectSessionMutation,
  useListConnectionsQuery,
  useRequestNewQrMutation,
  useStartSessionMutation,
} from '../connections.api';
import { ConnectionModal } from './ConnectionModal';
import { QrCodeModal } from './QrCodeModal';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // Fluent tables share the width equally; the session buttons and badges need their own.
  table: { tableLayout: 'auto', minWidth: '760px' },
  session: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    flexWrap: 'wrap',
    paddingBlock: tokens.spacingVerticalXS,
  },
  defaultIcon: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px' },
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
  reason: { maxWidth: '320px', marginTop: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground3 },
});

/** Spec §2 Connections page: the last update reads dd/MM/yy HH:mm. */
export function formatConnectionDate(value: string): string {
  return format(new Date(value), 'dd/MM/yy HH:mm');
}

export function ConnectionsPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const user = useAppSelector(selectSessionUser);
  const canAct = can(user, 'connections-page:actionButtons');
  const canAdd = can(user, 'connections-page:addConnection');
  const canEdit = can(user, 'connections-page:editOrDeleteConnection');
  const { data: connections = [], isLoading, error } = useListConnectionsQuery();
  const deletion = useDeleteConfirmation<WhatsappConnection>(useDeleteConnectionMutation(), t('connections.deleted'));
  const [startSession] = useStartSessionMutation();
  const [requestNewQr] = useRequestNewQrMutation();
  const [disconnectSession] = useDisconnectSessionMutation();
  const editor = useEditDialog<WhatsappConnection>();
  const [qrFor, setQrFor] = useState<number | null>(null);
  const columns = {
    name: t('connections.columns.name'),
    status: t('connections.columns.status'),
    session: t('connections.columns.session'),
    lastUpdate: t('connections.columns.lastUpdate'),
    default: t('connections.columns.default'),
  };

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };

  const renderSession = (connection: WhatsappConnection) => (
    <div className={styles.session}>
      {sessionActions(connection.status).map((action) => {
        switch (action) {
          case 'retry':
            return (
              <Button
                key={action}
                size="small"
                icon={<ArrowClockwiseRegular />}
                onClick={() => void run(() => startSession(connection.id).unwrap())}
              >
                {t('connections.actions.retry')}
              </Button>
            );
          case 'newQr':
            return (
              <Button
                key={action}
                size="small"
                appearance="primary"
                icon={<QrCodeRegular />}
                onClick={() =>
                  void run(async () => {
                    await requestNewQr(connection.id).unwrap();
                    setQrFor(connection.id);
                  })
                }
              >
                {t('connections.actions.newQr')}
              </Button>
            );
          case 'showQr':
            return (
              <Button
                key={action}
                size="small"
                appearance="primary"
                icon={<QrCodeRegular />}
                onClick={() => setQrFor(connection.id)}
              >
                {t('connections.actions.showQr')}
              </Button>
            );
          case 'connecting':
            return (
              <Button key={action} size="small" disabled icon={<Spinner size="extra-tiny" />}>
                {t('connections.actions.connecting')}
              </Button>
            );
          case 'disconnect':
            return (
              <Button
                key={action}
                size="small"
                icon={<PlugDisconnectedRegular />}
                onClick={() => void run(() => disconnectSession(connection.id).unwrap())}
              >
                {t('connections.actions.disconnect')}
              </Button>
            );
          default:
            return null;
        }
      })}
    </div>
  );

  return (
    <div className={styles.page}>
      <PageHeader title={t('connections.title')}>
        {canAdd && <AddButton onClick={editor.create}>{t('connections.add')}</AddButton>}
      </PageHeader>
      <ListCard>
        <ResponsiveTable aria-label={t('connections.title')} className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{columns.name}</TableHeaderCell>
              <TableHeaderCell>{columns.status}</TableHeaderCell>
              {canAct && <TableHeaderCell>{columns.session}</TableHeaderCell>}
              <TableHeaderCell>{columns.lastUpdate}</TableHeaderCell>
              <TableHeaderCell>{columns.default}</TableHeaderCell>
              {canEdit && <ActionsHeaderCell />}
            </TableRow>
          </TableHeader>
          <TableBody>
            {connections.map((connection) => (
              <ResponsiveRow key={connection.id}>
                <ResponsiveCell label={columns.name}>{connection.name}</ResponsiveCell>
                <ResponsiveCell label={columns.status}>
                  {/* One column: on a phone's card the cell lays its children in a row, squeezing the badge. */}
                  <div className={styles.status}>
                    <Badge appearance="tint" color={statusTone(connection.status)} data-status={connection.status}>
                      {t(`connections.status.${connection.status}`)}
                    </Badge>
                    {connection.status === 'OUTDATED' && (
                      <Caption1 block className={styles.reason}>
                        {t('connections.outdatedHint')}
                      </Caption1>
                    )}
                    {connection.node && (
                      <Caption1 block className={styles.reason} data-node={connection.node}>
                        {t('connections.node', { node: connection.node })}
                      </Caption1>
                    )}
                  </div>
                </ResponsiveCell>
                {canAct && <ResponsiveCell label={columns.session}>{renderSession(connection)}</ResponsiveCell>}
                <ResponsiveCell label={columns.lastUpdate}>
                  {connection.updatedAt ? formatConnectionDate(connection.updatedAt) : '—'}
                </ResponsiveCell>
                <ResponsiveCell label={columns.default}>
                  {connection.isDefault && (
                    <CheckmarkCircleFilled
                      className={styles.defaultIcon}
                      role="img"
                      aria-label={t('connections.isDefault')}
                    />
                  )}
                </ResponsiveCell>
                {canEdit && (
                  <ResponsiveCell>
                    <RowActions
                      editLabel={t('connections.editNamed', { name: connection.name })}
                      deleteLabel={t('connections.deleteNamed', { name: connection.name })}
                      onEdit={() => editor.edit(connection)}
                      onDelete={() => deletion.ask(connection)}
                    />
                  </ResponsiveCell>
                )}
              </ResponsiveRow>
            ))}
          </TableBody>
        </ResponsiveTable>
        <ListStatus loading={isLoading} error={error} empty={connections.length === 0 && t('connections.empty')} />
      </ListCard>
      {editor.open && (
        <ConnectionModal
          connection={editor.record}
          onClose={editor.close}
          // A new connection goes straight to pairing: start its session and show its QR code.
          onCreated={(created) =>
            void run(async () => {
              await startSession(created.id).unwrap();
              setQrFor(created.id);
            })
          }
        />
      )}
      {qrFor !== null && <QrCodeModal connectionId={qrFor} onClose={() => setQrFor(null)} />}
      <DeleteDialog
        deletion={deletion}
        title={t('connections.deleteTitle', { name: deletion.target?.name ?? '' })}
        message={t('connections.deleteMessage')}
      />
    </div>
  );
}
