import type { Chat, Id } from '@atendo/shared';
import { Caption1, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useAppSelector } from '../../../app/store';
import { useScrollAnchor } from '../../../components/use-scroll-anchor';
import { selectSessionUser } from '../../auth/auth.slice';
import { messagesInOrder, threadRows } from '../chat-cache';
import { useListChatMessagesInfiniteQuery } from '../chats.api';
import { useChatFormat, useRefetchOnReconnect } from '../use-chats';

/** Document 2 §9: older messages load once the list is scrolled within 600 px of its top. */
export const OLDER_THRESHOLD_PX = 600;

const useStyles = makeStyles({
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground2,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  separator: { display: 'flex', justifyContent: 'center' },
  day: {
    backgroundColor: tokens.colorNeutralBackground1,
    padding: `2px ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusCircular,
    boxShadow: tokens.shadow2,
  },
  group: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
  groupMine: { alignItems: 'flex-end' },
  sender: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold, paddingLeft: '2px' },
  bubble: {
    maxWidth: 'min(75%, 560px)',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow2,
    display: 'flex',
    flexDirection: 'column',
  },
  bubbleMine: { backgroundColor: tokens.colorBrandBackground2 },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  time: { alignSelf: 'flex-end', color: tokens.colorNeutralForeground3 },
  status: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  empty: { margin: 'auto', color: tokens.colorNeutralForeground3 },
});

/**
 * A chat's messages in reading order, grouped by sender and day. The newest page loads first and
 * the list opens at its end; scrolling up brings the older pages while the reader keeps their place.
 */
export function ChatMessages({ chat }: { chat: Chat }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const format = useChatFormat();
  const me = useAppSelector(selectSessionUser)?.id ?? 0;
  const { data, error, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isUninitialized } =
    useListChatMessagesInfiniteQuery(chat.id);
  useRefetchOnReconnect(refetch, !isUninitialized);
  const messages = useMemo(() => messagesInOrder(data?.pages), [data]);
  const rows = useMemo(() => threadRows(messages, me), [messages, me]);
  const pageCount = data?.pages.length ?? 0;
  const lastId: Id = messages.length ? messages[messages.length - 1].id : 0;
  const { scroller, recordScroll } = useScrollAnchor(pageCount, lastId);

  const loadOlderIfNearTop = () => {
    const el = scroller.current;
    if (el && el.scrollTop < OLDER_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  // A short first page leaves the list near its top with nothing to scroll: the next page comes now.
  useEffect(loadOlderIfNearTop);

  const onScroll = () => {
    recordScroll();
    loadOlderIfNearTop();
  };

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={onScroll}
      role="log"
      aria-label={t('chats.messages', { title: chat.title })}
      aria-live="polite"
    >
      {(isLoading || isFetchingNextPage) && (
        <div className={styles.status}>
          <Spinner size="tiny" label={t('common.loading')} />
        </div>
      )}
      {error && (
        <div className={styles.status}>
          <Text role="alert">{errorText(i18n, error)}</Text>
        </div>
      )}
      {!isLoading && !error && messages.length === 0 && <Text className={styles.empty}>{t('chats.noMessages')}</Text>}
      {rows.map((row) => {
        if (row.type === 'day') {
          const label = format.day(row.day);
          return (
            <div key={row.key} className={styles.separator} role="separator" aria-label={label}>
              <Caption1 className={styles.day}>{label}</Caption1>
            </div>
          );
        }
        return (
          <div key={row.key} className={mergeClasses(styles.group, row.mine && styles.groupMine)}>
            {!row.mine && <Caption1 className={styles.sender}>{row.sender?.name ?? t('chats.formerUser')}</Caption1>}
            {row.messages.map((message) => (
              <div
                key={message.id}
                className={mergeClasses(styles.bubble, row.mine && styles.bubbleMine)}
                data-testid="chat-message"
              >
                <Text className={styles.body}>{message.message}</Text>
                <Caption1 className={styles.time}>
                  <time dateTime={message.createdAt}>{format.time(message.createdAt)}</time>
                </Caption1>
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
