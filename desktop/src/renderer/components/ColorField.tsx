import { QUEUE_COLOR_PALETTE } from '@atendo/shared';
import {
  type FieldProps,
  Label,
  makeStyles,
  renderSwatchPickerGrid,
  SwatchPicker,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useId } from 'react';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  preview: {
    width: '20px',
    height: '20px',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const ITEMS = QUEUE_COLOR_PALETTE.map((color) => ({ value: color, color, 'aria-label': color }));

interface ColorFieldProps {
  label: string;
  required?: boolean;
  value: string;
  onChange: (color: string) => void;
  /** The field's translated error, if any (fieldError's validationMessage). */
  error?: FieldProps['validationMessage'];
}

/** A colour chosen from the palette's presets, with the chosen one shown beside the label. */
export function ColorField({ label, required, value, onChange, error }: ColorFieldProps) {
  const styles = useStyles();
  const labelId = useId();
  return (
    <div>
      <div className={styles.row}>
        <Label id={labelId} required={required}>
          {label}
        </Label>
        {value && (
          <>
            <span className={styles.preview} style={{ backgroundColor: value }} aria-hidden />
            <Text size={200}>{value}</Text>
          </>
        )}
      </div>
      <SwatchPicker
        layout="grid"
        size="small"
        aria-labelledby={labelId}
        selectedValue={value}
        onSelectionChange={(_event, data) => onChange(data.selectedValue)}
      >
        {renderSwatchPickerGrid({ items: ITEMS, columnCount: 10 })}
      </SwatchPicker>
      {error && (
        <Text size={200} className={styles.error} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
