import type { Message } from '@atendo/shared';
import {
  Button,
  Caption1,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowReplyRegular,
  CallMissedRegular,
  CheckmarkRegular,
  ClockRegular,
  ContactCardRegular,
  DeleteRegular,
  DismissRegular,
  DocumentArrowDownRegular,
  LocationRegular,
  MoreVerticalRegular,
  ProhibitedRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../app/format';
import { absoluteMediaUrl } from '../media';
import { ackTicks, fileNameOf, parseLocation, parseVcard } from '../thread';
import { WhatsAppText } from './WhatsAppText';

const useStyles = makeStyles({
  row: { display: 'flex', padding: `2px ${tokens.spacingHorizontalM}` },
  mine: { justifyContent: 'flex-end' },
  bubble: {
    maxWidth: 'min(75%, 560px)',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    position: 'relative',
    minWidth: '120px',
  },
  bubbleMine: { backgroundColor: tokens.colorBrandBackground2 },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  deleted: {
    color: tokens.colorNeutralForeground3,
    fontStyle: 'italic',
    display: 'flex',
    gap: '4px',
    alignItems: 'center',
  },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
  },
  quoted: {
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground3,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
  },
  image: { maxWidth: '100%', maxHeight: '260px', borderRadius: tokens.borderRadiusMedium, display: 'block' },
  imageButton: { padding: 0, border: 'none', background: 'none', cursor: 'zoom-in' },
  fullSurface: { maxWidth: '95vw', width: 'auto' },
  fullImage: { maxWidth: '100%', maxHeight: '80vh', display: 'block', margin: '0 auto' },
  audio: { maxWidth: '280px' },
  video: { maxWidth: '100%', maxHeight: '300px', borderRadius: tokens.borderRadiusMedium },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  ticks: { display: 'inline-flex', alignItems: 'center' },
  tick: { fontSize: '14px' },
  secondTick: { marginLeft: '-9px' },
  read: { color: tokens.colorPaletteBlueForeground2 },
  menu: { position: 'absolute', top: '2px', right: '2px' },
  sender: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** Delivery ticks of spec §4, drawn with Fluent's checkmark (two for delivered and read). */
export function AckTicks({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { shape, read, labelKey } = ackTicks(ack);
  const tone = read ? styles.read : undefined;
  return (
    <span className={mergeClasses(styles.ticks, tone)} role="img" aria-label={t(labelKey)} data-ack={ack}>
      {shape === 'clock' && <ClockRegular className={styles.tick} aria-hidden />}
      {shape !== 'clock' && <CheckmarkRegular className={styles.tick} aria-hidden />}
      {shape === 'double' && <CheckmarkRegular className={mergeClasses(styles.tick, styles.secondTick)} aria-hidden />}
    </span>
  );
}

/** A thumbnail that opens the picture at full size in a dialog. */
function ImageThumbnail({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.imageButton}
        aria-label={t('tickets.message.openImage')}
        onClick={() => setOpen(true)}
      >
        <img src={url} alt={alt} className={styles.image} loading="lazy" />
      </button>
      <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
        <DialogSurface className={styles.fullSurface}>
          <DialogBody>
            <DialogTitle
              action={
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={t('common.close')}
                  onClick={() => setOpen(false)}
                />
              }
            >
              {t('tickets.preview.image')}
            </DialogTitle>
            <DialogContent>
              <img src={url} alt={alt} className={styles.fullImage} />
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

export function MessageContent({ message, base }: { message: Message; base: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const url = message.mediaUrl ? absoluteMediaUrl(message.mediaUrl, base) : '';
  switch (message.mediaType) {
    case 'image':
      return (
        <>
          {url && <ImageThumbnail url={url} alt={message.body || t('tickets.preview.image')} />}
          {message.body && !url.endsWith(message.body) && (
            <Text className={styles.body}>
              <WhatsAppText text={message.body} />
            </Text>
          )}
        </>
      );
    case 'audio':
      return url ? (
        <audio controls src={url} className={styles.audio} aria-label={t('tickets.preview.audio')} preload="metadata" />
      ) : (
        <Text>{t('tickets.preview.audio')}</Text>
      );
    case 'video':
      return url ? (
        <video controls src={url} className={styles.video} aria-label={t('tickets.preview.video')} preload="metadata" />
      ) : (
        <Text>{t('tickets.preview.video')}</Text>
      );
    case 'application': {
      const name = fileNameOf(message.mediaUrl, message.body || t('tickets.preview.document'));
      return (
        <span className={styles.line}>
          <DocumentArrowDownRegular aria-hidden />
          {url ? (
            <Link
              href={url}
              target="_blank"
              rel="noreferrer"
              download={name}
              onClick={(event) => {
                // The desktop app's page is on app://, so the browser ignores `download` for the
                // server's file and would open it outside the app: main saves it with a dialog.
                if (!window.desktop) return;
                event.preventDefault();
                window.desktop.download(url);
              }}
            >
              {message.body || name}
            </Link>
          ) : (
            <Text>{message.body || name}</Text>
          )}
        </span>
      );
    }
    case 'locationMessage': {
      const location = parseLocation(message.body);
      if (!location) return <Text className={styles.body}>{message.body}</Text>;
      return (
        <>
          {location.image && (
            <img
              src={absoluteMediaUrl(location.image, base)}
              alt={t('tickets.preview.location')}
              className={styles.image}
            />
          )}
          <span className={styles.line}>
            <LocationRegular aria-hidden />
            <Link href={location.link} target="_blank" rel="noreferrer">
              {location.description || t('tickets.message.openMap')}
            </Link>
          </span>
        </>
      );
    }
    case 'contactMessage':
    case 'vcard': {
      const card = parseVcard(message.body);
      return (
        <span className={styles.line} data-testid="contact-card">
          <ContactCardRegular aria-hidden />
          <span>
            <Text weight="semibold">{card.name || t('tickets.preview.contact')}</Text>
            {card.number && <Caption1 block>{card.number}</Caption1>}
          </span>
        </span>
      );
    }
    case 'call_log':
      return (
        <span className={styles.line}>
          <CallMissedRegular aria-hidden />
          <Text>{t('tickets.message.missedCall')}</Text>
        </span>
      );
    default:
      return (
        <Text className={styles.body}>
          <WhatsAppText text={message.body} />
        </Text>
      );
  }
}

interface MessageBubbleProps {
  message: Message;
  base: string;
  /** Read-only views (peek) have no menu. */
  onReply?: (message: Message) => void;
  onDelete?: (message: Message) => void;
}

export function MessageBubble({ message, base, onReply, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const canAct = !message.isDeleted && (onReply || (onDelete && message.fromMe));
  return (
    <div className={mergeClasses(styles.row, message.fromMe && styles.mine)} data-message-id={message.id}>
      <div
        className={mergeClasses(styles.bubble, message.fromMe && styles.bubbleMine)}
        role="group"
        aria-label={message.fromMe ? t('tickets.message.sent') : t('tickets.message.received')}
      >
        {message.quotedMsg && (
          <div className={styles.quoted} data-testid="quoted-message">
            <Caption1 className={styles.sender} block>
              {message.quotedMsg.fromMe ? t('tickets.message.you') : (message.quotedMsg.contact?.name ?? '')}
            </Caption1>
            <Caption1>
              {message.quotedMsg.isDeleted ? (
                t('tickets.message.deleted')
              ) : (
                <WhatsAppText text={message.quotedMsg.body} oneLine />
              )}
            </Caption1>
          </div>
        )}
        {message.isDeleted ? (
          <span className={styles.deleted}>
            <ProhibitedRegular aria-hidden />
            {t('tickets.message.deleted')}
          </span>
        ) : (
          <MessageContent message={message} base={base} />
        )}
        <span className={styles.footer}>
          {message.isEdited && !message.isDeleted && <Caption1>{t('tickets.message.edited')}</Caption1>}
          <Caption1>{formatTime(message.createdAt)}</Caption1>
          {message.fromMe && <AckTicks ack={message.ack} />}
          {canAct && (
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button
                  size="small"
                  appearance="transparent"
                  icon={<MoreVerticalRegular />}
                  aria-label={t('tickets.message.options')}
                />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  {onReply && (
                    <MenuItem icon={<ArrowReplyRegular />} onClick={() => onReply(message)}>
                      {t('tickets.message.reply')}
                    </MenuItem>
                  )}
                  {onDelete && message.fromMe && (
                    <MenuItem icon={<DeleteRegular />} onClick={() => onDelete(message)}>
                      {t('tickets.message.delete')}
                    </MenuItem>
                  )}
                </MenuList>
              </MenuPopover>
            </Menu>
          )}
        </span>
      </div>
    </div>
  );
}
