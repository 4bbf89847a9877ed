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
import { useCompanyEvent } from '../../../app/socket';
import { useListConnectionsQuery } from '../connections.api';

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
});

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
            {qrcode ? (
              <>
                <div className={styles.code}>
                  <QRCodeSVG value={qrcode} size={256} role="img" aria-label={t('connections.qr.image')} />
                </div>
                <Text>{t('connections.qr.instructions')}</Text>
              </>
            ) : (
              <Spinner label={t('connections.qr.waiting')} />
            )}
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
