import { can, expiryOf } from '@atendo/shared';
import { Button, Caption1, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format';
import { useIsDarkTheme } from '../../../app/providers';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';
import { themeChosen } from '../shell.slice';
import { NotificationsBell } from '../../notifications/NotificationsBell';
import { AnnouncementsPopover } from '../../announcements/components/AnnouncementsPopover';
import { ChatsPopover } from '../../chats/components/ChatsPopover';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';
import { VolumeControl } from './VolumeControl';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    minHeight: '48px',
  },
  greeting: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
  },
  ellipsis: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
});

export function TopBar({
  onToggleMenu,
  menuOpen,
  compact,
}: {
  onToggleMenu: () => void;
  menuOpen: boolean;
  /** Phone widths: the language button drops its text so the greeting keeps some room. */
  compact: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  const dark = useIsDarkTheme();
  if (!user) return null;
  const dueDate = expiryOf(user.company.dueDate);

  return (
    <header className={styles.bar}>
      <Button
        appearance="subtle"
        icon={<NavigationRegular />}
        aria-label={t('shell.toggleMenu')}
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      />
      <div className={styles.greeting}>
        <Text weight="semibold" className={styles.ellipsis}>
          {t('shell.greeting', { name: user.name, company: user.company.name })}
        </Text>
        {can(user, 'drawer-admin-items:view') && dueDate && (
          <Caption1 className={styles.ellipsis}>{t('shell.activeUntil', { date: formatDate(dueDate) })}</Caption1>
        )}
      </div>
      <div className={styles.tools}>
        <NotificationsBell />
        {/* A phone's bar has no room for it: there the menu's dot tells of unread chats. */}
        {!compact && <ChatsPopover />}
        <AnnouncementsPopover />
        <LanguageMenu saveOnServer compact={compact} />
        <VolumeControl />
        <Switch
          label={t('shell.darkTheme')}
          checked={dark}
          onChange={(_event, data) => dispatch(themeChosen(data.checked ? 'dark' : 'light'))}
        />
        <UserMenu />
      </div>
    </header>
  );
}
