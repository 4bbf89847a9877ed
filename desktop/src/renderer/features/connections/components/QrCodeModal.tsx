import { can } from '@atendo/shared';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useCompanyEvent } from '../../../app/socket';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { selectSessionUser } from '../../auth/auth.slice';
import { useListConnectionsQuery, useSimulateScanMutation } from '../connections.api';

const useStyles = makeStyles({
  content: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    minHeight: '280px',
    justifyContent: 'center',
  },
  code: { padding: tokens.spacingHorizontalM, backgroundColor: '#ffffff', borderRadius: tokens.borderRadiusMedium },
  sandbox: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignSelf: 'stretch' },
  command: {
    fontFamily: tokens.fontFamilyMonospace,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    overflowWrap: 'anywhere',
    userSelect: 'all',
  },
});

/**
 * A sandbox connection has no phone to scan with: the dialog says it is a simulation, gives the id
 * the sandbox CLI takes, and (for admins, who may drive the sandbox) scans it on the spot.
 */
function SandboxPairing({ connectionId, ready }: { connectionId: number; ready: boolean }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const user = useAppSelector(selectSessionUser);
  const [simulateScan, { isLoading }] = useSimulateScanMutation();
  const scan = async () => {
    try {
      await simulateScan(connectionId).unwrap();
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };
  return (
    <div className={styles.sandbox}>
      <Text>{t('connections.qr.sandbox.simulation')}</Text>
      <Text weight="semibold">{t('connections.qr.sandbox.id', { id: connectionId })}</Text>
      <Text>{t('connections.qr.sandbox.cli')}</Text>
      <code className={styles.command}>npm run sandbox -- scan {connectionId}</code>
      {can(user, 'connections-page:actionButtons') && (
        <Button appearance="primary" disabled={!ready || isLoading} onClick={() => void scan()}>
          {t('connections.qr.sandbox.simulateScan')}
        </Button>
      )}
    </div>
  );
}

/** Spec §4: the QR dialog closes by itself once a session update arrives without a QR code. */
export function QrCodeModal({ connectionId, onClose }: { connectionId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { connection } = useListConnectionsQuery(undefined, {
    selectFromResult: ({ data }) => ({ connection: data?.find((c) => c.id === connectionId) }),
  });

  useCompanyEvent('whatsappSession', (event) => {
    if (event.session.id === connectionId && !event.session.qrcode && event.session.status !== 'OPENING') onClose();
  });

  const connected = connection?.status === 'CONNECTED';
  useEffect(() => {
    if (connected) onClose();
  }, [connected, onClose]);

  const qrcode = connection?.qrcode ?? '';
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('connections.qr.title', { name: connection?.name ?? '' })}</DialogTitle>
          <DialogContent className={styles.content}>
            {connection?.provider === 'sandbox' && <SandboxPairing connectionId={connectionId} ready={!!qrcode} />}
            {qrcode && connection?.provider !== 'sandbox' && (
              <>
                <div className={styles.code}>
                  <QRCodeSVG value={qrcode} size={256} role="img" aria-label={t('connections.qr.image')} />
                </div>
                <Text>{t('connections.qr.instructions')}</Text>
              </>
            )}
            {!qrcode && <Spinner label={t('connections.qr.waiting')} />}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
