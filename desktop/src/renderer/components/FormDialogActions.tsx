import { Button, DialogActions } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './SubmitButton';

interface FormDialogActionsProps {
  submitting: boolean;
  onCancel: () => void;
  /** The submit button's text; "Save" when omitted. */
  submitLabel?: string;
  /** Nothing to save (a record that can no longer change): one Close button instead. */
  readOnly?: boolean;
}

/** Cancel and submit for a form dialog; both wait while the form is submitting. */
export function FormDialogActions({ submitting, onCancel, submitLabel, readOnly }: FormDialogActionsProps) {
  const { t } = useTranslation();
  if (readOnly) {
    return (
      <DialogActions>
        <Button appearance="primary" onClick={onCancel}>
          {t('common.close')}
        </Button>
      </DialogActions>
    );
  }
  return (
    <DialogActions>
      <Button appearance="secondary" onClick={onCancel} disabled={submitting}>
        {t('common.cancel')}
      </Button>
      <SubmitButton submitting={submitting}>{submitLabel ?? t('common.save')}</SubmitButton>
    </DialogActions>
  );
}
