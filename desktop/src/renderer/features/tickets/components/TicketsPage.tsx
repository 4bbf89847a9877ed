import { Button, makeStyles, mergeClasses, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ChatMultipleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMediaQuery } from '../../../app/hooks';
import { Conversation } from './Conversation';
import { TicketsManager } from './TicketsManager';

/** Spec §9: under 600 px the tickets screen switches to tabs. */
export const NARROW_QUERY = '(max-width: 599px)';

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
  narrow: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  narrowBody: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
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
  const styles = useStyles();
  const { ticketId } = useParams();
  const narrow = useMediaQuery(NARROW_QUERY);
  const [tab, setTab] = useState<'tickets' | 'attendance'>(ticketId ? 'attendance' : 'tickets');
  // Opening a ticket (from the list or a notification) switches a narrow screen to the conversation.
  const [shownId, setShownId] = useState(ticketId);
  if (shownId !== ticketId) {
    setShownId(ticketId);
    setTab(ticketId ? 'attendance' : 'tickets');
  }

  if (narrow) {
    return (
      <div className={styles.page}>
        <div className={styles.narrow}>
          <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as 'tickets' | 'attendance')}>
            <Tab value="tickets">{t('tickets.narrowTabs.tickets')}</Tab>
            <Tab value="attendance">{t('tickets.narrowTabs.attendance')}</Tab>
          </TabList>
          <div className={mergeClasses(styles.pane, styles.narrowBody)}>
            {tab === 'tickets' ? (
              <TicketsManager narrow />
            ) : ticketId ? (
              <Conversation key={ticketId} uuid={ticketId} />
            ) : (
              <Welcome onPick={() => setTab('tickets')} />
            )}
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.split}>
        <div className={mergeClasses(styles.pane, styles.listPane)}>
          <TicketsManager narrow={false} />
        </div>
        <div className={styles.pane}>{ticketId ? <Conversation key={ticketId} uuid={ticketId} /> : <Welcome />}</div>
      </div>
    </div>
  );
}
