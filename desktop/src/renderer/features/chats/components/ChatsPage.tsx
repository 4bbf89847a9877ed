import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { PeopleChatRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SplitPane } from '../../../components/SplitPane';
import { ChatList } from './ChatList';
import { ChatThread } from './ChatThread';

const useStyles = makeStyles({
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
  const { id: uuid } = useParams();
  return (
    <SplitPane
      openId={uuid}
      listTab={t('chats.tabs.list')}
      detailTab={t('chats.tabs.messages')}
      list={() => <ChatList openUuid={uuid} />}
      detail={(showList) => (uuid ? <ChatThread key={uuid} uuid={uuid} /> : <Placeholder onPick={showList} />)}
    />
  );
}
