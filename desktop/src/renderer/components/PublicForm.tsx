import { makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';

const useStyles = makeStyles({
  title: { textAlign: 'center' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The heading of a signed-out page's card. */
export function PublicTitle({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return (
    <Subtitle2 as="h1" className={styles.title}>
      {children}
    </Subtitle2>
  );
}

/** A form on a signed-out page's card, its fields one under the other; formik validates it, not the browser. */
export function PublicForm({
  onSubmit,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {children}
    </form>
  );
}
