import { settingValue } from '@atendo/shared';
import {
  Caption1,
  Drawer,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMediaQuery } from '../../../app/hooks';
import { useRealtime } from '../../../app/socket';
import { PHONE_QUERY } from '../../../components/breakpoints';
import { useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';
import { useMenuEntries } from '../menu';
import { ReconnectBanner } from './ReconnectBanner';
import { SideMenu } from './SideMenu';
import { SoundBlockedBanner } from '../../notifications/SoundBlockedBanner';
import { SubscriptionBanner } from './SubscriptionBanner';
import { TopBar } from './TopBar';

/** Spec §9: the drawer starts open above 1200 px and becomes an overlay under 600 px. */
const WIDE_QUERY = '(min-width: 1201px)';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100vh', overflow: 'hidden' },
  drawer: { height: '100vh', flexShrink: 0 },
  column: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  main: {
    flexGrow: 1,
    overflow: 'auto',
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    // The pages shrink to the height left; a banner above them keeps the height its text needs.
    '& > .fui-MessageBar': { flexShrink: 0 },
  },
  version: { color: tokens.colorNeutralForeground3 },
});

export function AppShell() {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useAppSelector(selectSessionUser);
  const entries = useMenuEntries();
  const wide = useMediaQuery(WIDE_QUERY);
  const mobile = useMediaQuery(PHONE_QUERY);
  // The company's sideMenu option can keep the drawer closed at start even on wide screens.
  const [open, setOpen] = useState(() => wide && settingValue(user?.company.settings, 'sideMenu') !== 'closed');

  useRealtime();

  // Shrinking to a phone width closes the drawer, which would otherwise cover the page as an overlay.
  const [wasMobile, setWasMobile] = useState(mobile);
  if (mobile !== wasMobile) {
    setWasMobile(mobile);
    if (mobile) setOpen(false);
  }

  return (
    <div className={styles.root}>
      <Drawer
        type={mobile ? 'overlay' : 'inline'}
        open={open}
        onOpenChange={(_event, data) => setOpen(data.open)}
        separator
        className={styles.drawer}
        size="small"
      >
        <DrawerHeader>
          <DrawerHeaderTitle>{t('common.appName')}</DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>
          <SideMenu entries={entries} onNavigate={mobile ? () => setOpen(false) : undefined} />
        </DrawerBody>
        <DrawerFooter>
          <Caption1 className={styles.version}>{t('common.version', { version: __APP_VERSION__ })}</Caption1>
        </DrawerFooter>
      </Drawer>
      <div className={styles.column}>
        <TopBar menuOpen={open} compact={mobile} onToggleMenu={() => setOpen((value) => !value)} />
        <main className={styles.main}>
          <ReconnectBanner />
          <SubscriptionBanner />
          <SoundBlockedBanner />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
