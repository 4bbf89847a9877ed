import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../app/toasts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  password: { fontFamily: tokens.fontFamilyMonospace },
});

/**
 * The new company's first admin password, made by the server because none was typed. It is stored
 * only as a hash, so this is the one time anyone can read it.
 */
export function GeneratedPasswordDialog({
  email,
  password,
  onClose,
}: {
  email: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      notify.success(t('settings.companies.generated.copied'));
    } catch {
      notify.error(t('settings.companies.generated.copyFailed'));
    }
  };

  return (
    <Dialog open modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('settings.companies.generated.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('settings.companies.generated.body', { email })}</Text>
            <Field label={t('settings.companies.fields.password')}>
              <Input readOnly value={password} className={styles.password} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button icon={<CopyRegular />} onClick={() => void copy()}>
              {t('settings.companies.generated.copy')}
            </Button>
            <Button appearance="primary" onClick={onClose}>
              {t('settings.companies.generated.done')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
