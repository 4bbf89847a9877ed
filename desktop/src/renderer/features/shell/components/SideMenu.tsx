import { Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { WarningFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { type MenuEntry, useMenuContext } from '../menu';

const useStyles = makeStyles({
  nav: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  section: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXS}`,
    color: tokens.colorNeutralForeground3,
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    // The brand's darker step: its usual one reads at 4.4:1 on the selected grey, under WCAG's 4.5.
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
  icon: { fontSize: '20px', flexShrink: 0 },
  label: { flexGrow: 1 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1, fontSize: '18px', flexShrink: 0 },
  dot: {
    width: '8px',
    height: '8px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteRedBackground3,
    flexShrink: 0,
  },
});

export function SideMenu({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const main = entries.filter((e) => e.section === 'main');
  const admin = entries.filter((e) => e.section === 'admin');
  const context = useMenuContext();

  const renderEntry = (entry: MenuEntry) => (
    <NavLink
      key={entry.path}
      to={entry.path}
      end={entry.path === '/'}
      onClick={onNavigate}
      className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
      aria-describedby={
        context && entry.warning?.(context)
          ? `menu-warning-${entry.path.slice(1)}`
          : context && entry.dot?.(context)
            ? `menu-dot-${entry.path.slice(1)}`
            : undefined
      }
    >
      {({ isActive }) => {
        const Icon = isActive ? entry.activeIcon : entry.icon;
        const warningKey = context && entry.warning ? entry.warning(context) : null;
        const dotKey = context && entry.dot ? entry.dot(context) : null;
        return (
          <>
            <Icon className={styles.icon} aria-hidden />
            <span className={styles.label}>{t(entry.labelKey)}</span>
            {dotKey && (
              <>
                <span className={styles.dot} aria-hidden data-testid="menu-dot" />
                <span id={`menu-dot-${entry.path.slice(1)}`} hidden>
                  {t(dotKey)}
                </span>
              </>
            )}
            {warningKey && (
              <>
                <WarningFilled className={styles.warning} aria-hidden data-testid="menu-warning" />
                {/* A description, not part of the name: the entry is still just "Connections". */}
                <span id={`menu-warning-${entry.path.slice(1)}`} hidden>
                  {t(warningKey)}
                </span>
              </>
            )}
          </>
        );
      }}
    </NavLink>
  );

  return (
    <nav className={styles.nav} aria-label={t('shell.mainMenu')}>
      {main.map(renderEntry)}
      {admin.length > 0 && (
        <>
          <Caption1 className={styles.section}>{t('shell.administration')}</Caption1>
          {admin.map(renderEntry)}
        </>
      )}
    </nav>
  );
}
