import type { Announcement } from '@atendo/shared';
import { Button, Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { MegaphoneRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../app/format';
import { readStored, STORAGE_KEYS, writeStored } from '../../../app/storage';
import { useAppSelector } from '../../../app/store';
import { TopBarPopover } from '../../../components/TopBarPopover';
import { selectSessionUser } from '../../auth/auth.slice';
import { absoluteMediaUrl, useBaseUrl } from '../../tickets/media';
import { useListAnnouncementsInfiniteQuery } from '../announcements.api';
import { PRIORITY_COLOR, PRIORITY_KEY } from '../priority';

const useStyles = makeStyles({
  // Spec §9 caps the list at 3000 px; the window caps it sooner on any real screen.
  surface: {
    width: '360px',
    maxHeight: 'min(3000px, 70vh)',
    overflowY: 'auto',
    padding: tokens.spacingVerticalS,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderLeftWidth: '4px',
    borderLeftStyle: 'solid',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  meta: { color: tokens.colorNeutralForeground3 },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  image: { maxWidth: '100%', borderRadius: tokens.borderRadiusSmall, marginTop: tokens.spacingVerticalXS },
  empty: { padding: tokens.spacingVerticalM, display: 'block' },
  more: { alignSelf: 'center', marginTop: tokens.spacingVerticalS },
});

/** When this user last opened the popover, per user id, so the badge counts only what is new to them. */
function seenAt(userId: number): string {
  try {
    return (JSON.parse(readStored(STORAGE_KEYS.announcementsSeenAt) ?? '{}') as Record<string, string>)[userId] ?? '';
  } catch {
    return '';
  }
}

function markSeen(userId: number, at: string): void {
  let all: Record<string, string> = {};
  try {
    all = JSON.parse(readStored(STORAGE_KEYS.announcementsSeenAt) ?? '{}') as Record<string, string>;
  } catch {
    // A damaged value is replaced.
  }
  writeStored(STORAGE_KEYS.announcementsSeenAt, JSON.stringify({ ...all, [userId]: at }));
}

function AnnouncementItem({ announcement, base }: { announcement: Announcement; base: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <li className={styles.item} style={{ borderLeftColor: PRIORITY_COLOR[announcement.priority] }}>
      <Text weight="semibold">{announcement.title}</Text>
      <Caption1 className={styles.meta}>
        {t(PRIORITY_KEY[announcement.priority])} ·{' '}
        {`${formatDate(announcement.createdAt)} ${formatTime(announcement.createdAt)}`}
      </Caption1>
      <Text className={styles.text}>{announcement.text}</Text>
      {announcement.mediaPath && (
        <a href={absoluteMediaUrl(announcement.mediaPath, base)} target="_blank" rel="noreferrer">
          <img
            className={styles.image}
            src={absoluteMediaUrl(announcement.mediaPath, base)}
            alt={announcement.mediaName ?? ''}
            loading="lazy"
          />
        </a>
      )}
    </li>
  );
}

/**
 * The top bar's announcements: every active one of the platform, newest first, kept current by the
 * `announcement` socket event. The badge counts those published since the user last looked.
 */
export function AnnouncementsPopover() {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useAppSelector(selectSessionUser);
  const base = useBaseUrl();
  const [open, setOpen] = useState(false);
  const [lastSeen, setLastSeen] = useState(() => (user ? seenAt(user.id) : ''));
  const { data, hasNextPage, isFetching, fetchNextPage } = useListAnnouncementsInfiniteQuery('', { skip: !user });
  // The super-admin's cache also holds the inactive ones, for the announcements page.
  const active = useMemo(() => (data?.pages ?? []).flatMap((page) => page.records).filter((a) => a.status), [data]);
  const unseen = active.filter((a) => a.createdAt > lastSeen).length;

  if (!user) return null;

  return (
    <TopBarPopover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) return;
        const now = new Date().toISOString();
        markSeen(user.id, now);
        setLastSeen(now);
      }}
      icon={<MegaphoneRegular />}
      buttonLabel={t('announcements.popover.button', { count: unseen })}
      title={t('announcements.popover.title')}
      surfaceClassName={styles.surface}
      count={unseen}
    >
      {active.length === 0 ? (
        <Text className={styles.empty}>{t('announcements.popover.empty')}</Text>
      ) : (
        <ul className={styles.list}>
          {active.map((announcement) => (
            <AnnouncementItem key={announcement.id} announcement={announcement} base={base} />
          ))}
        </ul>
      )}
      {hasNextPage && (
        <Button className={styles.more} appearance="subtle" disabled={isFetching} onClick={() => void fetchNextPage()}>
          {t('announcements.popover.more')}
        </Button>
      )}
    </TopBarPopover>
  );
}
