import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ChatMultipleRegular } from '@fluentui/react-icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SplitPane } from '../../../components/SplitPane';
import { TicketsManager } from './TicketsManager';

// The open ticket's pane (messages, composer, header actions) is fetched when a ticket is first
// opened: /tickets shows the list alone, and loads faster without it.
const Conversation = lazy(async () => ({ default: (await import('./Conversation')).Conversation }));

const useStyles = makeStyles({
  welcome: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  logo: { fontSize: '96px', color: tokens.colorBrandForeground1 },
});

function Welcome({ onPick }: { onPick?: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.welcome}>
      <ChatMultipleRegular className={styles.logo} aria-hidden />
      <Text size={500} weight="semibold">
        {t('common.appName')}
      </Text>
      <Text>{t('tickets.welcome')}</Text>
      {onPick && <Button onClick={onPick}>{t('tickets.pickTicket')}</Button>}
    </div>
  );
}

export function TicketsPage() {
  const { t } = useTranslation();
  const { ticketId } = useParams();
  return (
    <SplitPane
      openId={ticketId}
      listTab={t('tickets.narrowTabs.tickets')}
      detailTab={t('tickets.narrowTabs.attendance')}
      list={(narrow) => <TicketsManager narrow={narrow} />}
      detail={(showList) =>
        ticketId ? (
          <Suspense fallback={<Spinner />}>
            <Conversation key={ticketId} uuid={ticketId} />
          </Suspense>
        ) : (
          <Welcome onPick={showList} />
        )
      }
    />
  );
}
