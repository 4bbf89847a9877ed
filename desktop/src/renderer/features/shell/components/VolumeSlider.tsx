import { Field, Slider } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { selectVolume, volumeChanged } from '../shell.slice';

/** The volume popover's slider: 0 to 1 in steps of 0.1. */
export function VolumeSlider() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const volume = useAppSelector(selectVolume);
  const sliderId = useId();
  return (
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
  );
}
