import type { Chat, ChatsPage } from '@atendo/shared';
import {
  Avatar,
  Button,
  Caption1,
  CounterBadge,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular, MoreVerticalRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { AddButton, DeleteDialog } from '../../../components/ListFrame';
import { ListStatus } from '../../../components/ListStatus';
import {
  type DeleteMutation,
  useDeleteConfirmation,
  useEditDialog,
  useInfiniteRows,
} from '../../../components/list-hooks';
import { selectSessionUser } from '../../auth/auth.slice';
import { unreadsOf } from '../chat-cache';
import { useDeleteChatMutation, useListChatsInfiniteQuery } from '../chats.api';
import { useChatFormat, useRefetchOnReconnect } from '../use-chats';
import { ChatModal } from './ChatModal';

const useStyles = makeStyles({
  root: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    minHeight: '64px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { margin: 0 },
  scroller: { flexGrow: 1, minHeight: 0, overflowY: 'auto' },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  open: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: 'inherit',
    textDecorationLine: 'none',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  text: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  preview: { color: tokens.colorNeutralForeground3 },
  meta: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: tokens.spacingVerticalXXS },
  stamp: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  actions: { flexShrink: 0, paddingRight: tokens.spacingHorizontalXS },
});

const recordsOf = (page: ChatsPage) => page.records;

/** The user's chats, latest activity first, with their unread counts and the owner's actions. */
export function ChatList({ openUuid }: { openUuid: string | undefined }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const format = useChatFormat();
  const me = useAppSelector(selectSessionUser)?.id;
  const query = useListChatsInfiniteQuery('all');
  useRefetchOnReconnect(query.refetch, !query.isUninitialized);
  const { rows, scrollerProps } = useInfiniteRows(query, recordsOf);
  const dialog = useEditDialog<Chat>();
  const [removeChat, removal] = useDeleteChatMutation();
  // Deleting the open chat leaves its page too.
  const remove: DeleteMutation = [
    (id) => ({
      unwrap: async () => {
        await removeChat(id).unwrap();
        if (rows.find((chat) => chat.id === id)?.uuid === openUuid) void navigate('/chats', { replace: true });
      },
    }),
    removal,
  ];
  const deletion = useDeleteConfirmation<Chat>(remove, t('chats.deleted'));

  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Title3 as="h1" className={styles.title}>
          {t('chats.title')}
        </Title3>
        <AddButton onClick={dialog.create}>{t('chats.add')}</AddButton>
      </div>
      <div className={styles.scroller} {...scrollerProps}>
        <ul className={styles.list} aria-label={t('chats.list')}>
          {rows.map((chat) => {
            const unread = me === undefined ? 0 : unreadsOf(chat, me);
            const mayEdit = chat.ownerId === me || chat.ownerId === null;
            return (
              <li key={chat.id} className={mergeClasses(styles.item, chat.uuid === openUuid && styles.selected)}>
                <Link
                  to={`/chats/${chat.uuid}`}
                  className={styles.open}
                  aria-current={chat.uuid === openUuid ? 'page' : undefined}
                >
                  <Avatar name={chat.title} color="colorful" size={36} aria-hidden />
                  <span className={styles.text}>
                    <Text weight={unread ? 'bold' : 'semibold'} className={styles.ellipsis}>
                      {chat.title}
                    </Text>
                    <Caption1 className={mergeClasses(styles.ellipsis, styles.preview)}>
                      {chat.lastMessage || t('chats.noMessagesYet')}
                    </Caption1>
                  </span>
                  <span className={styles.meta}>
                    <Caption1 className={styles.stamp}>{format.stamp(chat.updatedAt)}</Caption1>
                    {unread > 0 && (
                      <>
                        <CounterBadge count={unread} size="small" aria-hidden data-testid="chat-unread" />
                        <span className={styles.hidden}>{t('chats.unread', { count: unread })}</span>
                      </>
                    )}
                  </span>
                </Link>
                {mayEdit && (
                  <span className={styles.actions}>
                    <Menu>
                      <MenuTrigger disableButtonEnhancement>
                        <Button
                          appearance="subtle"
                          icon={<MoreVerticalRegular />}
                          aria-label={t('chats.actions', { title: chat.title })}
                        />
                      </MenuTrigger>
                      <MenuPopover>
                        <MenuList>
                          <MenuItem icon={<EditRegular />} onClick={() => dialog.edit(chat)}>
                            {t('chats.edit')}
                          </MenuItem>
                          <MenuItem icon={<DeleteRegular />} onClick={() => deletion.ask(chat)}>
                            {t('chats.delete')}
                          </MenuItem>
                        </MenuList>
                      </MenuPopover>
                    </Menu>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        <ListStatus
          loading={query.isLoading || query.isFetchingNextPage}
          error={query.error}
          empty={!query.isLoading && !query.error && rows.length === 0 && t('chats.empty')}
        />
      </div>
      {dialog.open && (
        <ChatModal
          chat={dialog.record}
          onClose={dialog.close}
          onSaved={(chat) => {
            dialog.close();
            if (!dialog.record) void navigate(`/chats/${chat.uuid}`);
          }}
        />
      )}
      <DeleteDialog
        deletion={deletion}
        title={deletion.target ? t('chats.deleteTitle', { title: deletion.target.title }) : ''}
        message={t('chats.deleteMessage')}
      />
    </div>
  );
}
