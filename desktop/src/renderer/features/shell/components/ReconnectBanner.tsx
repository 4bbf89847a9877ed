import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { reconnectNow } from '../../../app/socket';
import { useAppSelector } from '../../../app/store';
import { selectConnection } from '../shell.slice';

/**
 * Shown while the server cannot be reached: what is on screen may be out of date, nothing new
 * arrives, and the app keeps trying by itself (the button only skips the wait). It goes as soon as
 * the socket is back and the missed changes are fetched.
 */
export function ReconnectBanner() {
  const { t } = useTranslation();
  const connection = useAppSelector(selectConnection);
  if (connection !== 'offline') return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('shell.offline.title')}</MessageBarTitle>
        {t('shell.offline.body')}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={reconnectNow}>{t('shell.offline.reconnect')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
