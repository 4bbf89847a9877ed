import { can, type Id } from '@atendo/shared';
import {
  Badge,
  Button,
  Dropdown,
  Input,
  makeStyles,
  Option,
  Switch,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, SearchRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDebouncedValue } from '../../../app/hooks';
import { useSocketRoom } from '../../../app/socket';
import { readStored, STORAGE_KEYS, writeStored } from '../../../app/storage';
import { useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';
import { useListTagsQuery } from '../../tags/tags.api';
import { useListUserOptionsQuery } from '../../users/users.api';
import { listCountLabel, type TicketListArgs } from '../ticket-lists';
import { ticketRouteState } from '../ticket-route';
import { useListTicketsInfiniteQuery } from '../tickets.api';
import { TicketList } from './TicketList';

// Fetched when first opened, like the other dialogs of the tickets screen.
const NewTicketModal = lazy(async () => ({ default: (await import('./NewTicketModal')).NewTicketModal }));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  queues: { minWidth: '160px', flexGrow: 1 },
  filters: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  tabCount: { marginLeft: tokens.spacingHorizontalXS },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: '50%',
    marginRight: tokens.spacingHorizontalS,
  },
});

type MainTab = 'open' | 'closed' | 'search';
type OpenTab = 'open' | 'pending';

/** The toolbar's queue choice, kept across visits; unknown or foreign queues are dropped. */
function storedQueueIds(allowed: Id[]): Id[] {
  try {
    const parsed = JSON.parse(readStored(STORAGE_KEYS.ticketQueues) ?? 'null') as unknown;
    if (Array.isArray(parsed)) return parsed.filter((id): id is Id => typeof id === 'number' && allowed.includes(id));
  } catch {
    // A damaged entry falls back to every queue.
  }
  return allowed;
}

export function TicketsManager({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useAppSelector(selectSessionUser);
  const userQueues = user?.queues ?? [];
  const canShowAll = can(user, 'tickets-manager:showall');
  const canFilterUsers = can(user, 'tickets:searchByUser');
  const [tab, setTab] = useState<MainTab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('open');
  const [showAll, setShowAll] = useState(false);
  const [queueIds, setQueueIds] = useState<Id[]>(() => storedQueueIds(userQueues.map((q) => q.id)));
  const [search, setSearch] = useState('');
  const [tagIds, setTagIds] = useState<Id[]>([]);
  const [userIds, setUserIds] = useState<Id[]>([]);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const searchParam = useDebouncedValue(search.trim(), 500);
  const location = useLocation();

  // The list follows a ticket the agent just accepted or reopened to the tab it is now in, instead
  // of staying on the tab it left ("nothing here"); once per navigation, so the agent may then
  // browse other tabs.
  const listTab = ticketRouteState(location.state)?.listTab;
  const [followed, setFollowed] = useState<string | null>(null);
  if (listTab && followed !== location.key) {
    setFollowed(location.key);
    setTab(listTab === 'closed' ? 'closed' : 'open');
    if (listTab !== 'closed') setOpenTab(listTab);
  }
  const tags = useListTagsQuery(undefined, { skip: tab !== 'search' });
  const users = useListUserOptionsQuery(undefined, { skip: tab !== 'search' || !canFilterUsers });

  const base = { showAll: canShowAll && showAll, queueIds };
  const openArgs: TicketListArgs = { kind: 'open', ...base };
  const pendingArgs: TicketListArgs = { kind: 'pending', ...base };
  const closedArgs: TicketListArgs = { kind: 'closed', ...base };
  const searchArgs: TicketListArgs = { kind: 'search', ...base, searchParam, tags: tagIds, users: userIds };
  // Both sub-tabs are loaded for their count badges, and their rooms joined for live changes.
  const openList = useListTicketsInfiniteQuery(openArgs);
  const pendingList = useListTicketsInfiniteQuery(pendingArgs);
  useSocketRoom('tickets', 'open');
  useSocketRoom('tickets', 'pending');
  useSocketRoom('tickets', tab === 'closed' ? 'closed' : null);

  const chooseQueues = (ids: Id[]) => {
    setQueueIds(ids);
    writeStored(STORAGE_KEYS.ticketQueues, JSON.stringify(ids));
  };

  const selectedQueueNames = userQueues.filter((q) => queueIds.includes(q.id)).map((q) => q.name);

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setNewTicketOpen(true)}>
          {t('tickets.newTicket')}
        </Button>
        {canShowAll && (
          <Switch
            label={t('tickets.showAll')}
            checked={showAll}
            onChange={(_event, data) => setShowAll(data.checked)}
          />
        )}
        <Dropdown
          className={styles.queues}
          multiselect
          aria-label={t('tickets.queueFilter')}
          placeholder={t('tickets.queueFilter')}
          value={selectedQueueNames.join(', ')}
          selectedOptions={queueIds.map(String)}
          onOptionSelect={(_event, data) => chooseQueues(data.selectedOptions.map(Number))}
        >
          {userQueues.map((queue) => (
            <Option key={queue.id} value={String(queue.id)} text={queue.name}>
              <span className={styles.swatch} style={{ backgroundColor: queue.color }} aria-hidden />
              {queue.name}
            </Option>
          ))}
        </Dropdown>
      </div>
      <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as MainTab)} size="small">
        <Tab value="open">{t('tickets.tabs.open')}</Tab>
        <Tab value="closed">{t('tickets.tabs.closed')}</Tab>
        <Tab value="search" icon={<SearchRegular />}>
          {t('tickets.tabs.search')}
        </Tab>
      </TabList>
      {tab === 'open' && (
        <>
          <TabList
            selectedValue={openTab}
            onTabSelect={(_event, data) => setOpenTab(data.value as OpenTab)}
            size="small"
            aria-label={t('tickets.tabs.open')}
          >
            <Tab value="open">
              {t('tickets.tabs.inProgress')}
              <Badge
                className={styles.tabCount}
                size="small"
                appearance="filled"
                color="brand"
                data-testid="count-open"
              >
                {listCountLabel(openList.data?.pages)}
              </Badge>
            </Tab>
            <Tab value="pending">
              {t('tickets.tabs.waiting')}
              <Badge
                className={styles.tabCount}
                size="small"
                appearance="filled"
                color="warning"
                data-testid="count-pending"
              >
                {listCountLabel(pendingList.data?.pages)}
              </Badge>
            </Tab>
          </TabList>
          <TicketList args={openTab === 'open' ? openArgs : pendingArgs} narrow={narrow} />
        </>
      )}
      {tab === 'closed' && <TicketList args={closedArgs} narrow={narrow} />}
      {tab === 'search' && (
        <>
          <div className={styles.filters}>
            <Input
              type="search"
              contentBefore={<SearchRegular />}
              aria-label={t('tickets.searchPlaceholder')}
              placeholder={t('tickets.searchPlaceholder')}
              value={search}
              onChange={(_event, data) => setSearch(data.value)}
            />
            <Dropdown
              multiselect
              aria-label={t('tickets.tagFilter')}
              placeholder={t('tickets.tagFilter')}
              value={(tags.data ?? [])
                .filter((tag) => tagIds.includes(tag.id))
                .map((tag) => tag.name)
                .join(', ')}
              selectedOptions={tagIds.map(String)}
              onOptionSelect={(_event, data) => setTagIds(data.selectedOptions.map(Number))}
            >
              {(tags.data ?? []).map((tag) => (
                <Option key={tag.id} value={String(tag.id)} text={tag.name}>
                  <span className={styles.swatch} style={{ backgroundColor: tag.color }} aria-hidden />
                  {tag.name}
                </Option>
              ))}
            </Dropdown>
            {canFilterUsers && (
              <Dropdown
                multiselect
                aria-label={t('tickets.userFilter')}
                placeholder={t('tickets.userFilter')}
                value={(users.data ?? [])
                  .filter((u) => userIds.includes(u.id))
                  .map((u) => u.name)
                  .join(', ')}
                selectedOptions={userIds.map(String)}
                onOptionSelect={(_event, data) => setUserIds(data.selectedOptions.map(Number))}
              >
                {(users.data ?? []).map((u) => (
                  <Option key={u.id} value={String(u.id)}>
                    {u.name}
                  </Option>
                ))}
              </Dropdown>
            )}
          </div>
          <TicketList args={searchArgs} narrow={narrow} />
        </>
      )}
      {newTicketOpen && (
        <Suspense fallback={null}>
          <NewTicketModal onClose={() => setNewTicketOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
