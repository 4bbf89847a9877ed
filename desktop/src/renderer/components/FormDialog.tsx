import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { FormDialogActions } from './FormDialogActions';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface FormDialogProps {
  title: string;
  /** The dialog's formik form. */
  form: { handleSubmit: (event?: FormEvent<HTMLFormElement>) => void; isSubmitting: boolean };
  onClose: () => void;
  /** Sizes the dialog. */
  surfaceClassName?: string;
  /** Lays the fields out otherwise than one under the other. */
  contentClassName?: string;
  children: ReactNode;
}

/** A modal create-or-edit form: title, fields, then cancel and save. Dismissing it cancels. */
export function FormDialog({ title, form, onClose, surfaceClassName, contentClassName, children }: FormDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={surfaceClassName}>
        <form onSubmit={form.handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={contentClassName ?? styles.fields}>{children}</DialogContent>
            <FormDialogActions submitting={form.isSubmitting} onCancel={onClose} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
