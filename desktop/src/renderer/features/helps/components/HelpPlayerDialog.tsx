import { type Help, helpEmbedUrl } from '@atendo/shared';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  frame: {
    width: '100%',
    aspectRatio: '16 / 9',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
  },
  description: { whiteSpace: 'pre-wrap' },
});

/** Spec 2 §2: the video plays in a dialog that Escape (or the close button) dismisses. */
export function HelpPlayerDialog({ help, onClose }: { help: Help; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{help.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <iframe
              className={styles.frame}
              src={helpEmbedUrl(help.video)}
              title={t('helps.player', { title: help.title })}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
            {help.description && <Text className={styles.description}>{help.description}</Text>}
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
