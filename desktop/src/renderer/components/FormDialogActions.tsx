import { Button, DialogActions, Spinner } from '@fluentui/react-components';
import { submitKeepsFocus } from './form';
import { useTranslation } from 'react-i18next';

interface FormDialogActionsProps {
  submitting: boolean;
  onCancel: () => void;
  /** The submit button's text; "Save" when omitted. */
  submitLabel?: string;
}

/** Cancel and submit for a form dialog; both wait while the form is submitting. */
export function FormDialogActions({ submitting, onCancel, submitLabel }: FormDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button appearance="secondary" onClick={onCancel} disabled={submitting}>
        {t('common.cancel')}
      </Button>
      <Button
        type="submit"
        {...submitKeepsFocus}
        appearance="primary"
        disabled={submitting}
        icon={submitting ? <Spinner size="tiny" /> : undefined}
      >
        {submitLabel ?? t('common.save')}
      </Button>
    </DialogActions>
  );
}
