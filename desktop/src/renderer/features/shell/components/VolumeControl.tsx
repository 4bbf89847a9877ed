import {
  Button,
  Field,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Slider,
  tokens,
} from '@fluentui/react-components';
import { Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { selectVolume, volumeChanged } from '../shell.slice';

const useStyles = makeStyles({
  surface: { padding: tokens.spacingHorizontalL, minWidth: '220px' },
});

/** Notification sound volume: 0 to 1 in steps of 0.1, kept locally (spec §2). */
export function VolumeControl() {
  const { t } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const volume = useAppSelector(selectVolume);
  const sliderId = useId();

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
        <Field label={t('shell.volume')}>
          <Slider
            id={sliderId}
            min={0}
            max={1}
            step={0.1}
            value={volume}
            onChange={(_event, data) => dispatch(volumeChanged(data.value))}
          />
        </Field>
      </PopoverSurface>
    </Popover>
  );
}
