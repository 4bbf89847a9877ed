import {
  Button,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { selectVolume } from '../shell.slice';

// Fluent's slider is fetched when the popover first opens: every signed-in screen shows the button.
const VolumeSlider = lazy(async () => ({ default: (await import('./VolumeSlider')).VolumeSlider }));

const useStyles = makeStyles({
  surface: { padding: tokens.spacingHorizontalL, minWidth: '220px' },
});

/** Notification sound volume: 0 to 1 in steps of 0.1, kept locally (spec §2). */
export function VolumeControl() {
  const { t } = useTranslation();
  const styles = useStyles();
  const volume = useAppSelector(selectVolume);

  return (
    <Popover withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={volume === 0 ? <SpeakerMuteRegular /> : <Speaker2Regular />}
          aria-label={t('shell.volume')}
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface}>
        <Suspense fallback={<Spinner size="tiny" />}>
          <VolumeSlider />
        </Suspense>
      </PopoverSurface>
    </Popover>
  );
}
