import { LANGUAGES, type Language } from '@atendo/shared';
import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../../../app/i18n';
import { useSetLanguageMutation } from '../../auth/auth.api';

/**
 * The interface language. Signed in, the choice is also saved on the user so the server writes
 * its messages in it; on the public pages it is only kept locally.
 */
export function LanguageMenu({
  saveOnServer,
  compact = false,
  defaultOpen = false,
}: {
  saveOnServer: boolean;
  compact?: boolean;
  /** Open as it mounts: on the signed-out pages it mounts when its button is first clicked. */
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const [setLanguage] = useSetLanguageMutation();
  const language = currentLanguage();

  const choose = (next: Language) => {
    void chooseLanguage(next);
    if (saveOnServer) void setLanguage(next);
  };

  return (
    <Menu
      defaultOpen={defaultOpen}
      checkedValues={{ language: [language] }}
      onCheckedValueChange={(_event, data) => choose(data.checkedItems[0] as Language)}
    >
      <MenuTrigger disableButtonEnhancement>
        {/* The name holds the language shown (WCAG 2.5.3): voice control users say what they see. */}
        <Button
          appearance="subtle"
          icon={<LocalLanguageRegular />}
          aria-label={
            compact ? t('shell.language') : t('shell.languageCurrent', { language: t(`common.languages.${language}`) })
          }
        >
          {compact ? null : t(`common.languages.${language}`)}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGUAGES.map((lang) => (
            <MenuItemRadio key={lang} name="language" value={lang} lang={lang}>
              {t(`common.languages.${lang}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
