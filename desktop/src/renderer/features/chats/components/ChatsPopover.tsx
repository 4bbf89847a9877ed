import type { ChatsPage } from '@atendo/shared';
import { Avatar, Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { PeopleChatRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { ListStatus } from '../../../components/ListStatus';
import { useInfiniteRows } from '../../../components/list-hooks';
import { TopBarPopover, TopBarPopoverItem } from '../../../components/TopBarPopover';
import { selectSessionUser } from '../../auth/auth.slice';
import { unreadsOf } from '../chat-cache';
import { useChatEnabled, useRefetchOnReconnect, useUnreadChats } from '../use-chats';

const useStyles = makeStyles({
  surface: { width: '340px', padding: tokens.spacingVerticalS, display: 'flex', flexDirection: 'column' },
  // Document 1 §9: the chat popover's list is at most 300 px tall.
  scroller: { maxHeight: '300px', overflowY: 'auto' },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  all: { alignSelf: 'center', marginTop: tokens.spacingVerticalXS },
});

const recordsOf = (page: ChatsPage) => page.records;

/**
 * The top bar's internal chat button: the chats with messages the user has not read, kept current
 * by the chat events, each opening its chat. Shown when the company's plan has the internal chat.
 */
export function ChatsPopover() {
  const enabled = useChatEnabled();
  return enabled ? <UnreadChats /> : null;
}

function UnreadChats() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const me = useAppSelector(selectSessionUser)?.id ?? 0;
  const [open, setOpen] = useState(false);
  const query = useUnreadChats(true);
  useRefetchOnReconnect(query.refetch, !query.isUninitialized);
  const { rows, scrollerProps } = useInfiniteRows(query, recordsOf);
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  return (
    <TopBarPopover
      open={open}
      onOpenChange={setOpen}
      icon={<PeopleChatRegular />}
      buttonLabel={t('chats.popover.button', { count: rows.length })}
      title={t('chats.popover.title')}
      surfaceClassName={styles.surface}
      // More unread chats than the first page holds read as "20+".
      count={query.hasNextPage ? rows.length + 1 : rows.length}
      overflowCount={query.hasNextPage ? rows.length : 99}
    >
      <div className={styles.scroller} {...scrollerProps}>
        {rows.length > 0 && (
          <ul className={styles.list}>
            {rows.map((chat) => {
              const unread = unreadsOf(chat, me);
              return (
                <TopBarPopoverItem
                  key={chat.id}
                  onClick={() => go(`/chats/${chat.uuid}`)}
                  avatar={<Avatar name={chat.title} color="colorful" size={32} aria-hidden />}
                  title={chat.title}
                  detail={chat.lastMessage}
                  badge={
                    <Badge size="small" color="brand" aria-label={t('chats.unread', { count: unread })}>
                      {unread}
                    </Badge>
                  }
                />
              );
            })}
          </ul>
        )}
        <ListStatus
          loading={query.isLoading || query.isFetchingNextPage}
          error={query.error}
          empty={!query.isLoading && !query.error && rows.length === 0 && t('chats.popover.empty')}
        />
      </div>
      <Button className={styles.all} appearance="subtle" onClick={() => go('/chats')}>
        {t('chats.popover.openAll')}
      </Button>
    </TopBarPopover>
  );
}
