import { Button, DialogActions } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './SubmitButton';

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
      <SubmitButton submitting={submitting}>{submitLabel ?? t('common.save')}</SubmitButton>
    </DialogActions>
  );
}
