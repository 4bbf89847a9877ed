import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { SpeakerMuteRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/store';
import { selectSessionUser } from '../auth/auth.slice';
import { selectVolume } from '../shell/shell.slice';
import { allowSound, soundBlocked } from './sound';

/**
 * Says when the browser holds the alert chime back (after a reload, until the page is clicked), with
 * a button that lets it play. Any click or key on the page lets it play too, and the bar goes.
 */
export function SoundBlockedBanner() {
  const { t } = useTranslation();
  const user = useAppSelector(selectSessionUser);
  const volume = useAppSelector(selectVolume);
  const wanted = !!user && volume > 0;
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void soundBlocked().then((held) => live && setBlocked(held));
    const onGesture = () => void allowSound().then((allowed) => setBlocked(!allowed));
    window.addEventListener('pointerdown', onGesture, { once: true });
    window.addEventListener('keydown', onGesture, { once: true });
    return () => {
      live = false;
      window.removeEventListener('pointerdown', onGesture);
      window.removeEventListener('keydown', onGesture);
    };
  }, [wanted]);

  if (!wanted || !blocked) return null;
  return (
    <MessageBar intent="warning" icon={<SpeakerMuteRegular />} data-testid="sound-blocked">
      <MessageBarBody>
        <MessageBarTitle>{t('shell.soundBlocked.title')}</MessageBarTitle>
        {t('shell.soundBlocked.body')}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => void allowSound().then((allowed) => setBlocked(!allowed))}>
          {t('shell.soundBlocked.allow')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
