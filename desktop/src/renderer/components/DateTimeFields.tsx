import {
  Button,
  Field,
  type FieldProps,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { format, isValid, parse, startOfDay } from 'date-fns';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaskedInput } from './MaskedInput';

/** The month grid is only needed once someone opens it: a chunk of its own. */
const DateCalendar = lazy(() => import('./DateCalendar'));

/**
 * Spec §2: dates are typed and read dd/MM/yyyy, times HH:mm, in every language. Masked text rather
 * than the browser's date and time pickers, which follow the system's locale (mm/dd and a 12-hour
 * clock on an en-US machine) whatever the product's language.
 */
export const DATE_PATTERN = 'dd/MM/yyyy';
export const TIME_PATTERN = 'HH:mm';
const DATE_MASK = '00/00/0000';
const TIME_MASK = '00:00';
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function localDateText(at: Date): string {
  return format(at, DATE_PATTERN);
}

export function localTimeText(at: Date): string {
  return format(at, TIME_PATTERN);
}

/** The moment a typed date and time give, where the user is; null while either is incomplete or impossible. */
export function localMoment(date: string, time: string): Date | null {
  if (!HHMM.test(time)) return null;
  const at = parse(`${date} ${time}`, `${DATE_PATTERN} ${TIME_PATTERN}`, new Date());
  return isValid(at) && format(at, DATE_PATTERN) === date ? at : null;
}

const useStyles = makeStyles({
  when: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    '& > .fui-Field': { flex: '1 1 160px' },
  },
  calendarHost: { display: 'contents' },
});

type FieldState = Pick<FieldProps, 'validationState' | 'validationMessage'>;

interface DateTimeFieldsProps {
  date: { label: string; value: string; onChange: (value: string) => void } & FieldState;
  time: { label: string; value: string; onChange: (value: string) => void } & FieldState;
  required?: boolean;
  readOnly?: boolean;
  /** Both fields were left: the moment they make is checked as one. */
  onBlur?: () => void;
  hint?: string;
  /** The calendar starts at today: a moment that must lie ahead (a campaign, a schedule). */
  futureOnly?: boolean;
}

/**
 * A date and a time side by side (wrapping on a phone), typed through masks whose placeholders show
 * the format; the date can also be picked on a calendar.
 */
export function DateTimeFields({ date, time, required, readOnly, onBlur, hint, futureOnly }: DateTimeFieldsProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  // The calendar opens into this element: within the fields' own tree (so inside a dialog's modal
  // tree, not beside it where assistive technology cannot reach it) and outside the input's box.
  const [calendarHost, setCalendarHost] = useState<HTMLDivElement | null>(null);
  const typed = parse(date.value, DATE_PATTERN, new Date());
  return (
    <div className={styles.when}>
      <Field
        label={date.label}
        required={required}
        validationState={date.validationState}
        validationMessage={date.validationMessage}
        hint={hint}
      >
        <MaskedInput
          mask={DATE_MASK}
          inputMode="numeric"
          placeholder={t('common.datePlaceholder')}
          readOnly={readOnly}
          value={date.value}
          onValueChange={(masked) => date.onChange(masked)}
          onBlur={onBlur}
          contentAfter={
            readOnly ? undefined : (
              <Popover mountNode={calendarHost} open={picking} onOpenChange={(_event, data) => setPicking(data.open)}>
                <PopoverTrigger disableButtonEnhancement>
                  <Button
                    appearance="transparent"
                    size="small"
                    icon={<CalendarRegular />}
                    aria-label={t('common.pickDate')}
                  />
                </PopoverTrigger>
                <PopoverSurface>
                  <Suspense fallback={<Spinner size="small" />}>
                    <DateCalendar
                      value={isValid(typed) ? typed : null}
                      minDate={futureOnly ? startOfDay(new Date()) : undefined}
                      onSelect={(picked) => {
                        date.onChange(format(picked, DATE_PATTERN));
                        setPicking(false);
                      }}
                    />
                  </Suspense>
                </PopoverSurface>
              </Popover>
            )
          }
        />
      </Field>
      <Field
        label={time.label}
        required={required}
        validationState={time.validationState}
        validationMessage={time.validationMessage}
      >
        <MaskedInput
          mask={TIME_MASK}
          inputMode="numeric"
          placeholder={t('common.timePlaceholder')}
          readOnly={readOnly}
          value={time.value}
          onValueChange={(masked) => time.onChange(masked)}
          onBlur={onBlur}
        />
      </Field>
      <div ref={setCalendarHost} className={styles.calendarHost} />
    </div>
  );
}
