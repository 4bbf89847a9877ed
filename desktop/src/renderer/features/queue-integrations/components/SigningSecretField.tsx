import { INTEGRATION_SIGNATURE_HEADER, maskSecret, type QueueIntegration } from '@atendo/shared';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useRotateSigningSecretMutation } from '../queue-integrations.api';
import { SigningSecretDialog } from './SigningSecretDialog';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  input: { flexGrow: 1, minWidth: 'min(100%, 160px)' },
});

/**
 * A saved integration's signing secret: only its mask, as the server answers it, and a new one
 * made on request (asked first, since the old one stops signing at once), shown whole once.
 */
export function SigningSecretField({ integration }: { integration: QueueIntegration }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [rotate, { isLoading }] = useRotateSigningSecretMutation();
  const [mask, setMask] = useState(integration.signingSecret);
  const [asking, setAsking] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);
  const label = t('queueIntegrations.secret.label');

  const confirm = async () => {
    try {
      const { signingSecret } = await rotate(integration).unwrap();
      setMask(maskSecret(signingSecret));
      setFresh(signingSecret);
    } catch (error) {
      notify.error(errorText(i18n, error));
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <Field label={label} hint={t('queueIntegrations.secret.hint', { header: INTEGRATION_SIGNATURE_HEADER })}>
        {(control) => (
          <div className={styles.row} role="group" aria-label={label}>
            <Input {...control} className={styles.input} value={mask} readOnly />
            <Button icon={<ArrowSyncRegular />} onClick={() => setAsking(true)}>
              {t('queueIntegrations.secret.rotate')}
            </Button>
          </div>
        )}
      </Field>
      <ConfirmDialog
        open={asking}
        title={t('queueIntegrations.secret.rotateTitle')}
        message={t('queueIntegrations.secret.rotateMessage')}
        confirmLabel={t('queueIntegrations.secret.rotate')}
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
      {fresh && <SigningSecretDialog secret={fresh} name={integration.name} onClose={() => setFresh(null)} />}
    </>
  );
}
