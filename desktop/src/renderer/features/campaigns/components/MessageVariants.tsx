import { Button, Caption1, Field, makeStyles, Tab, TabList, Textarea, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { type FormikProps, getIn } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../components/form';
import type { CampaignFormValues, MessageKey } from '../campaign-form';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  variables: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  hint: { color: tokens.colorNeutralForeground3 },
});

interface MessageVariantsProps {
  form: FormikProps<CampaignFormValues>;
  /** The five slots, first to last. */
  keys: readonly MessageKey[];
  label: string;
  hint: string;
  /** The first slot must be filled (a campaign given a start). */
  firstRequired: boolean;
  disabled: boolean;
  /** The variable names the texts may use, without braces. */
  variables: readonly string[];
}

/**
 * Up to five texts of which each contact gets one at random, one tab each, and the variables that
 * can go into them: a click writes `{name}` where the cursor stands.
 */
export function MessageVariants({ form, keys, label, hint, firstRequired, disabled, variables }: MessageVariantsProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [current, setCurrent] = useState<MessageKey>(keys[0]);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const failed = (key: MessageKey) => !!getIn(form.errors, key) && (!!getIn(form.touched, key) || form.submitCount > 0);
  // A refused save shows the first text in error, should the tab on view be a good one.
  const [wasSubmitting, setWasSubmitting] = useState(false);
  if (form.isSubmitting !== wasSubmitting) {
    setWasSubmitting(form.isSubmitting);
    const first = keys.find((key) => getIn(form.errors, key));
    if (!form.isSubmitting && first && !getIn(form.errors, current)) setCurrent(first);
  }

  // Where the cursor last stood, and in which text; a text never clicked into takes variables at its end.
  const caret = useRef<{ key: MessageKey; start: number; end: number } | null>(null);

  const insert = (name: string) => {
    const element = textarea.current;
    const text = form.values[current];
    const token = `{${name}}`;
    const { start, end } = caret.current?.key === current ? caret.current : { start: text.length, end: text.length };
    void form.setFieldValue(current, text.slice(0, start) + token + text.slice(end));
    caret.current = { key: current, start: start + token.length, end: start + token.length };
    // Back in the text, just after what was inserted, once the new value is drawn.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div className={styles.group} role="group" aria-label={label}>
      <TabList
        size="small"
        selectedValue={current}
        onTabSelect={(_event, data) => setCurrent(data.value as MessageKey)}
      >
        {keys.map((key, index) => (
          <Tab
            key={key}
            value={key}
            icon={failed(key) ? <ErrorCircleRegular /> : undefined}
            aria-label={t('campaigns.form.variant', { number: index + 1 })}
          >
            {index + 1}
          </Tab>
        ))}
      </TabList>
      <Field
        label={`${label} · ${t('campaigns.form.variant', { number: keys.indexOf(current) + 1 })}`}
        hint={hint}
        required={firstRequired && current === keys[0]}
        {...fieldError(form, current, i18n)}
      >
        <Textarea
          ref={textarea}
          name={current}
          value={form.values[current]}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          onSelect={(event) => {
            const { selectionStart, selectionEnd } = event.currentTarget;
            caret.current = { key: current, start: selectionStart, end: selectionEnd };
          }}
          // Read-only rather than disabled: a text that can no longer change stays easy to read and copy.
          readOnly={disabled}
          rows={5}
          resize="vertical"
        />
      </Field>
      {!disabled && (
        <div className={styles.variables}>
          <Caption1 className={styles.hint}>{t('campaigns.form.variables')}</Caption1>
          {variables.map((name) => (
            <Button
              key={name}
              size="small"
              shape="circular"
              aria-label={t('campaigns.form.insertVariable', { name: `{${name}}` })}
              onClick={() => insert(name)}
            >
              {`{${name}}`}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
