import type { Id, Message } from '@atendo/shared';
import { Caption1, Divider, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useScrollAnchor } from '../../../components/use-scroll-anchor';
import { useBaseUrl } from '../media';
import { buildThread, threadMessages } from '../thread';
import {
  useDeleteMessageMutation,
  useListMessagesInfiniteQuery,
  useMarkConversationReadMutation,
} from '../tickets.api';
import { MessageBubble } from './MessageBubble';

/** Spec §9: older messages load when the list is scrolled within 50 px of the top. */
export const OLDER_THRESHOLD_PX = 50;

const useStyles = makeStyles({
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground2,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
  },
  separator: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  day: {
    backgroundColor: tokens.colorNeutralBackground1,
    padding: `2px ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusCircular,
    boxShadow: tokens.shadow2,
  },
  boundary: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}` },
  status: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
});

interface MessageListProps {
  ticketId: Id;
  /** The ticket's unread count as last heard: reopening a conversation kept in memory reads it. */
  unread?: number;
  /** Omitted in read-only views. */
  onReply?: (message: Message) => void;
  readOnly?: boolean;
}

export function MessageList({ ticketId, unread = 0, onReply, readOnly = false }: MessageListProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const base = useBaseUrl();
  const { data, isLoading, error, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useListMessagesInfiniteQuery(ticketId);
  const [deleteMessage, { isLoading: deleting }] = useDeleteMessageMutation();
  const [toDelete, setToDelete] = useState<Message | null>(null);

  const messages = threadMessages(data?.pages);
  const items = buildThread(messages);
  const pageCount = data?.pages.length ?? 0;
  const lastId = messages.length ? messages[messages.length - 1].id : 0;
  const { scroller, recordScroll } = useScrollAnchor(pageCount, lastId);
  const lastInbound = messages.findLast((m) => !m.fromMe)?.id ?? null;
  const [markRead] = useMarkConversationReadMutation();
  // The customer's newest message the server already counts as read: the first load read it.
  const readUpTo = useRef<Id | null | undefined>(undefined);
  const unreadOnOpen = useRef(unread);

  // A message arriving while the conversation is on screen is read once the window has focus,
  // so the unread badge and lists never count what the agent is looking at.
  useEffect(() => {
    if (readOnly || !data) return;
    if (readUpTo.current === undefined) {
      readUpTo.current = lastInbound;
      // A conversation opened again shows its pages from memory, which the server never hears
      // about: while the ticket still counts unread messages, read it as a first load would.
      if (unreadOnOpen.current > 0) void markRead(ticketId);
      return;
    }
    const read = () => {
      if (!document.hasFocus() || lastInbound === null || readUpTo.current === lastInbound) return;
      readUpTo.current = lastInbound;
      void markRead(ticketId);
    };
    read();
    window.addEventListener('focus', read);
    return () => window.removeEventListener('focus', read);
  }, [readOnly, data, lastInbound, ticketId, markRead]);

  const onScroll = () => {
    recordScroll();
    const el = scroller.current;
    if (el && el.scrollTop < OLDER_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteMessage(toDelete.id).unwrap();
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
    setToDelete(null);
  };

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={onScroll}
      role="log"
      aria-label={t('tickets.messages')}
      aria-live="polite"
    >
      {(isLoading || isFetchingNextPage) && (
        <div className={styles.status}>
          <Spinner size="tiny" label={t('common.loading')} />
        </div>
      )}
      {error && (
        <div className={styles.status}>
          <Text>{errorText(i18n, error)}</Text>
        </div>
      )}
      {items.map((item) => {
        if (item.type === 'date') {
          return (
            <div key={item.key} className={styles.separator} role="separator" aria-label={item.label}>
              <Caption1 className={styles.day}>{item.label}</Caption1>
            </div>
          );
        }
        if (item.type === 'boundary') {
          return (
            <div key={item.key} className={styles.boundary}>
              <Divider>
                {item.edge === 'ended'
                  ? t('tickets.thread.ended', { id: item.ticketId })
                  : t('tickets.thread.started', { id: item.ticketId })}
              </Divider>
            </div>
          );
        }
        return (
          <MessageBubble
            key={item.key}
            message={item.message}
            base={base}
            onReply={readOnly ? undefined : onReply}
            onDelete={readOnly ? undefined : setToDelete}
          />
        );
      })}
      <ConfirmDialog
        open={!!toDelete}
        title={t('tickets.message.deleteTitle')}
        message={t('tickets.message.deleteMessage')}
        confirmLabel={t('common.delete')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
