import { Button, Caption1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { ServerAddress } from './ServerAddress';

// Fluent's menu and its positioning are about 18 KB (brotli) of the sign-in page's script: the
// menu is fetched when its button is first clicked, and opens then.
const LanguageMenu = lazy(async () => ({
  default: (await import('../../shell/components/LanguageMenu')).LanguageMenu,
}));

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
  },
  top: { alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end' },
  center: { flexGrow: 1, display: 'flex', alignItems: 'center', width: '100%', justifyContent: 'center' },
  // A Fluent card's looks without Card itself, whose selection and focus machinery the sign-in
  // page would download for nothing.
  card: {
    width: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    padding: tokens.spacingHorizontalXXL,
    gap: tokens.spacingVerticalL,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  brand: { color: tokens.colorBrandForeground1, textAlign: 'center' },
  footer: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalM, textAlign: 'center' },
});

/** The language menu of the signed-out pages: its button, until the menu itself is wanted. */
function PublicLanguageMenu() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      appearance="subtle"
      icon={<LocalLanguageRegular />}
      // The name holds the language shown (WCAG 2.5.3): voice control users say what they see.
      aria-label={t('shell.languageCurrent', { language: t(`common.languages.${currentLanguage()}`) })}
      onClick={() => setWanted(true)}
    >
      {t(`common.languages.${currentLanguage()}`)}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu saveOnServer={false} defaultOpen />
    </Suspense>
  );
}

/**
 * The frame of the signed-out pages: language menu, a centred card and the copyright footer. In the
 * desktop app the card also names the server, and asks for one before anything else when none is set.
 */
export function PublicLayout({ children, width = 400 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <PublicLanguageMenu />
      </div>
      <div className={styles.center}>
        <div className={styles.card} style={{ maxWidth: width }}>
          <Title1 as="p" className={styles.brand}>
            {t('common.appName')}
          </Title1>
          <ServerAddress>{children}</ServerAddress>
        </div>
      </div>
      <footer className={styles.footer}>
        <Caption1>{t('auth.copyright', { year: new Date().getFullYear(), version: __APP_VERSION__ })}</Caption1>
      </footer>
    </div>
  );
}
