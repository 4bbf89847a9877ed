import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorText } from '../app/errors';

const useStyles = makeStyles({
  status: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalM },
});

interface ListStatusProps {
  loading: boolean;
  /** The failed query's error, shown translated when not loading. */
  error: unknown;
  /** Shown when the list loaded and is empty. */
  empty: string | false;
}

/** Under a list: a spinner while it loads, the translated error when it failed, or its empty text. */
export function ListStatus({ loading, error, empty }: ListStatusProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const content = loading ? (
    <Spinner size="small" label={t('common.loading')} />
  ) : error ? (
    <Text>{errorText(i18n, error)}</Text>
  ) : empty ? (
    <Text>{empty}</Text>
  ) : null;
  return content && <div className={styles.status}>{content}</div>;
}
