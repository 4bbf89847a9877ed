import type { Chat } from '@atendo/shared';
import { Caption1, makeStyles, mergeClasses, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorBody, errorText } from '../../../app/errors';
import { useCompanyEvent } from '../../../app/socket';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { selectSessionUser } from '../../auth/auth.slice';
import { unreadsOf } from '../chat-cache';
import { useGetChatQuery, useMarkChatReadMutation } from '../chats.api';
import { useRefetchOnReconnect } from '../use-chats';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';

const useStyles = makeStyles({
  root: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  header: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    minHeight: '64px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  title: { margin: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  members: { color: tokens.colorNeutralForeground3 },
  status: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXL,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/**
 * The open chat: its title and members, its messages and the composer. Its unread count is
 * cleared on opening, and again whenever messages arrive while the window has the focus.
 */
export function ChatThread({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { data: chat, error, isLoading, refetch, isUninitialized } = useGetChatQuery(uuid);
  useRefetchOnReconnect(refetch, !isUninitialized);

  // After a refused refetch (the chat was deleted, or the user taken out) the old copy is no use.
  const gone = errorBody(error)?.error === 'ERR_NO_CHAT_FOUND';
  if (chat && !gone) return <OpenChat chat={chat} />;
  return (
    <div className={styles.status}>
      {isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <Text role="alert">{gone ? t('chats.notFound') : errorText(i18n, error)}</Text>
      )}
    </div>
  );
}

function OpenChat({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const me = useAppSelector(selectSessionUser)?.id;
  const [markRead] = useMarkChatReadMutation();
  const unread = me === undefined ? 0 : unreadsOf(chat, me);

  useEffect(() => {
    if (unread === 0) return;
    const read = () => {
      if (document.hasFocus()) void markRead(chat.id);
    };
    read();
    window.addEventListener('focus', read);
    return () => window.removeEventListener('focus', read);
  }, [unread, chat.id, markRead]);

  // The chat ended for this user (deleted, or they were taken out): its page has nothing to show.
  useCompanyEvent('chat', (event) => {
    if (event.action !== 'delete' || event.chatId !== chat.id) return;
    // The owner deleting it here has already been told so.
    if (chat.ownerId !== me) notify.info(t('chats.gone'));
    void navigate('/chats', { replace: true });
  });

  const names = chat.users.map((m) => (m.userId === me ? t('chats.you') : m.user.name)).join(', ');
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Title3 as="h2" className={mergeClasses(styles.title, styles.ellipsis)}>
          {chat.title}
        </Title3>
        <Caption1 className={mergeClasses(styles.ellipsis, styles.members)}>
          {t('chats.members', { count: chat.users.length, names })}
        </Caption1>
      </div>
      <ChatMessages chat={chat} />
      <ChatComposer chatId={chat.id} />
    </div>
  );
}
