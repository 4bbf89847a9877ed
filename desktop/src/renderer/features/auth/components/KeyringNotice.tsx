import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Desktop app without an OS keyring (Linux with no secret service): the session cannot be kept
 * safely on disk, so it ends when the app quits. Said before signing in, not discovered after.
 */
export function KeyringNotice() {
  const { t } = useTranslation();
  const [secure, setSecure] = useState(true);

  useEffect(() => {
    let live = true;
    window.desktop?.auth.isStorageSecure().then(
      (answer) => {
        if (live) setSecure(answer);
      },
      // A failed question changes nothing: the notice is only shown on a clear "no".
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (secure) return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('auth.keyring.title')}</MessageBarTitle>
        {t('auth.keyring.body')}
      </MessageBarBody>
    </MessageBar>
  );
}
