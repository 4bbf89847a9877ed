import { INTEGRATION_SIGNATURE_HEADER } from '@atendo/shared';
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
  surface: { maxWidth: '560px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  secret: { fontFamily: tokens.fontFamilyMonospace },
  code: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

interface SigningSecretDialogProps {
  /** The secret whole, as the create or rotate answer gave it. */
  secret: string;
  /** The integration it signs for. */
  name: string;
  onClose: () => void;
}

/**
 * A signing secret just made. The server answers it whole only this once (it keeps it sealed and
 * shows its mask after), so this is the admin's one chance to copy it into the receiving system.
 */
export function SigningSecretDialog({ secret, name, onClose }: SigningSecretDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(t('queueIntegrations.secret.copied'));
    } catch {
      notify.error(t('queueIntegrations.secret.copyFailed'));
    }
  };

  return (
    // An alert: a click beside it must not lose a secret that cannot be read again.
    <Dialog open modalType="alert">
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('queueIntegrations.secret.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('queueIntegrations.secret.intro', { name })}</Text>
            <Text className={styles.code}>{`${INTEGRATION_SIGNATURE_HEADER}: sha256=<HMAC-SHA256>`}</Text>
            <Text>{t('queueIntegrations.secret.how')}</Text>
            <Field label={t('queueIntegrations.secret.label')}>
              <Input readOnly value={secret} className={styles.secret} />
            </Field>
            <Text weight="semibold">{t('queueIntegrations.secret.once')}</Text>
          </DialogContent>
          <DialogActions>
            <Button icon={<CopyRegular />} onClick={() => void copy()}>
              {t('queueIntegrations.secret.copy')}
            </Button>
            <Button appearance="primary" onClick={onClose}>
              {t('queueIntegrations.secret.done')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
