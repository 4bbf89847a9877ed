import { Button, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { submitKeepsFocus } from './form';

/** A form's primary submit button; it waits, with a spinner, while the form is submitting. */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      {...submitKeepsFocus}
      appearance="primary"
      disabled={submitting}
      icon={submitting ? <Spinner size="tiny" /> : undefined}
    >
      {children}
    </Button>
  );
}
