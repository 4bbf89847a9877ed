import { Button, makeStyles, mergeClasses, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { PeopleChatRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMediaQuery } from '../../../app/hooks';
import { ChatList } from './ChatList';
import { ChatThread } from './ChatThread';

/** Under 600 px the chat screen shows its list and its messages as tabs. */
export const CHATS_NARROW_QUERY = '(max-width: 599px)';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    // The shell pads its pages; the conversation wants the whole height.
    margin: `calc(-1 * ${tokens.spacingHorizontalXL})`,
    marginTop: 0,
  },
  split: { flexGrow: 1, minHeight: 0, display: 'grid', gridTemplateColumns: 'minmax(280px, 1fr) 2fr' },
  pane: {
    minHeight: 0,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  listPane: { borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  narrowBody: { flexGrow: 1 },
  placeholder: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  logo: { fontSize: '80px', color: tokens.colorBrandForeground1 },
});

function Placeholder({ onPick }: { onPick?: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.placeholder}>
      <PeopleChatRegular className={styles.logo} aria-hidden />
      <Text>{t('chats.pick')}</Text>
      {onPick && <Button onClick={onPick}>{t('chats.pickChat')}</Button>}
    </div>
  );
}

/**
 * /chats and /chats/{uuid} (document 2 §2): the user's chats on the left and the open one's
 * messages on the right; on a phone, the two as tabs.
 */
export function ChatsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { id: uuid } = useParams();
  const narrow = useMediaQuery(CHATS_NARROW_QUERY);
  const [tab, setTab] = useState<'list' | 'messages'>(uuid ? 'messages' : 'list');
  // Opening a chat (from the list or the top bar) switches a narrow screen to its messages.
  const [shown, setShown] = useState(uuid);
  if (shown !== uuid) {
    setShown(uuid);
    setTab(uuid ? 'messages' : 'list');
  }

  const thread = uuid ? (
    <ChatThread key={uuid} uuid={uuid} />
  ) : (
    <Placeholder onPick={narrow ? () => setTab('list') : undefined} />
  );

  if (narrow) {
    return (
      <div className={styles.page}>
        <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as 'list' | 'messages')}>
          <Tab value="list">{t('chats.tabs.list')}</Tab>
          <Tab value="messages">{t('chats.tabs.messages')}</Tab>
        </TabList>
        <div className={mergeClasses(styles.pane, styles.narrowBody)}>
          {tab === 'list' ? <ChatList openUuid={uuid} /> : thread}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.split}>
        <div className={mergeClasses(styles.pane, styles.listPane)}>
          <ChatList openUuid={uuid} />
        </div>
        <div className={styles.pane}>{thread}</div>
      </div>
    </div>
  );
}
