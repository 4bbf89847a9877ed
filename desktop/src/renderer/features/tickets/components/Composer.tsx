import type { Id, Message, Ticket } from '@atendo/shared';
import {
  Button,
  Caption1,
  makeStyles,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Text,
  Textarea,
  ToggleButton,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import {
  AttachRegular,
  DeleteRegular,
  DismissRegular,
  EmojiRegular,
  FlashRegular,
  MicRegular,
  SendRegular,
  SignatureRegular,
  StopRegular,
} from '@fluentui/react-icons';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorText } from '../../../app/errors';
import { readStored, STORAGE_KEYS, writeStored } from '../../../app/storage';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { selectSessionUser } from '../../auth/auth.slice';
import { useListQuickMessagesQuery, useSendQuickMessageMutation } from '../../quick-messages/quick-messages.api';
import { type QuickAnswerOption, quickAnswerOptions, sendableText, signBody } from '../thread';
import { ticketRouteState } from '../ticket-route';
import { useSendMediaMutation, useSendMessageMutation } from '../tickets.api';
import { useReportComposing } from '../../desktop/composing';
import { EmojiPicker } from './EmojiPicker';
import { useVoiceRecorder } from './useVoiceRecorder';

/** Spec §9: the composer grows up to five rows. */
export const COMPOSER_MAX_ROWS = 5;

const useStyles = makeStyles({
  root: {
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    position: 'relative',
  },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS },
  input: { flexGrow: 1 },
  reply: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground3,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
  },
  replyText: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  files: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  file: {
    display: 'flex',
    alignItems: 'center',
    gap: '2px',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    paddingLeft: tokens.spacingHorizontalS,
  },
  suggestions: {
    position: 'absolute',
    bottom: '100%',
    left: tokens.spacingHorizontalM,
    right: tokens.spacingHorizontalM,
    maxHeight: '220px',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
    listStyleType: 'none',
    margin: 0,
    padding: tokens.spacingVerticalXS,
    zIndex: 1,
  },
  suggestion: {
    display: 'block',
    width: '100%',
    textAlign: 'start',
    border: 'none',
    background: 'none',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    cursor: 'pointer',
    color: 'inherit',
    font: 'inherit',
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected },
  suggestionIcon: { marginInlineStart: tokens.spacingHorizontalXS, verticalAlign: 'middle' },
  hint: { color: tokens.colorNeutralForeground3 },
  recording: { color: tokens.colorPaletteRedForeground1, flexGrow: 1 },
  hidden: { display: 'none' },
});

interface ComposerProps {
  ticket: Ticket;
  replyTo: Message | null;
  onClearReply: () => void;
}

export function Composer({ ticket, replyTo, onClearReply }: ComposerProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const user = useAppSelector(selectSessionUser);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // A chosen quick answer's attachment: the server sends it from its own copy.
  const [quickAttachment, setQuickAttachment] = useState<{ id: Id; name: string } | null>(null);
  const [sign, setSign] = useState(() => readStored(STORAGE_KEYS.signature) !== 'false');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [activeSuggestion, setActiveSuggestion] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [sendMessage, { isLoading: sendingText }] = useSendMessageMutation();
  const [sendMedia, { isLoading: sendingMedia }] = useSendMediaMutation();
  const [sendQuickMessage, { isLoading: sendingQuick }] = useSendQuickMessageMutation();
  const enabled = ticket.status === 'open';
  const { data: quickMessages = [] } = useListQuickMessagesQuery(undefined, { skip: !enabled });
  const suggestions = quickAnswerOptions(quickMessages, text);

  const fail = (failure: unknown) => notify.error(errorText(i18n, failure));

  // Just accepted or reopened: the agent is here to answer.
  const location = useLocation();
  const focusRequested = ticketRouteState(location.state)?.focusComposer === true;
  useEffect(() => {
    if (focusRequested && enabled) textArea.current?.focus();
  }, [focusRequested, enabled, location.key]);

  const sendVoice = async (file: File) => {
    const form = new FormData();
    form.append('fromMe', 'true');
    form.append('medias', file);
    form.append('body', file.name);
    form.append('voice', 'true');
    await sendMedia({ ticketId: ticket.id, form }).unwrap();
  };
  const recorder = useVoiceRecorder(sendVoice, fail);
  // The desktop app holds back a restart into an update while something here is not sent yet.
  useReportComposing(text.trim() !== '' || files.length > 0 || quickAttachment !== null || recorder.state !== 'idle');

  const chooseSign = (value: boolean) => {
    setSign(value);
    writeStored(STORAGE_KEYS.signature, String(value));
  };

  const insertQuickAnswer = (option: QuickAnswerOption) => {
    setText(option.message);
    setQuickAttachment(option.mediaName ? { id: option.id, name: option.mediaName } : null);
    setActiveSuggestion(0);
    textArea.current?.focus();
  };

  /**
   * One `body` per file, as the existing clients send them: each file keeps its own name, and
   * `caption` (if any) goes with the first.
   */
  const sendFiles = async (caption: string, quoted: Message | null) => {
    const form = new FormData();
    form.append('fromMe', 'true');
    files.forEach((file, index) => {
      form.append('medias', file);
      form.append('body', index === 0 && caption ? caption : file.name);
    });
    if (quoted) form.append('quotedMsgId', String(quoted.id));
    try {
      await sendMedia({ ticketId: ticket.id, form }).unwrap();
      setFiles([]);
      setText('');
      onClearReply();
    } catch (failure) {
      fail(failure);
    }
  };

  const send = async () => {
    if (!enabled || !user) return;
    const caption = sendableText(text) ? signBody(text.trim(), user.name, sign) : '';
    if (quickAttachment) {
      // The quick answer's attachment takes the text as its caption; files chosen besides follow
      // under their own names.
      try {
        await sendQuickMessage({
          id: quickAttachment.id,
          ticketId: ticket.id,
          body: caption,
          quotedMsgId: replyTo?.id ?? null,
        }).unwrap();
      } catch (failure) {
        fail(failure);
        return;
      }
      setQuickAttachment(null);
      setText('');
      onClearReply();
      if (files.length) await sendFiles('', null);
      return;
    }
    if (files.length) {
      await sendFiles(caption, replyTo);
      return;
    }
    if (!sendableText(text)) return;
    const body = signBody(text.trim(), user.name, sign);
    const quotedMsgId = replyTo?.id ?? null;
    setText('');
    onClearReply();
    try {
      await sendMessage({ ticketId: ticket.id, body, quotedMsgId }).unwrap();
    } catch (failure) {
      // Give the text back so nothing typed is lost.
      setText((current) => current || text);
      fail(failure);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveSuggestion((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        insertQuickAnswer(suggestions[Math.min(activeSuggestion, suggestions.length - 1)]);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  const rows = Math.min(COMPOSER_MAX_ROWS, Math.max(1, text.split('\n').length));
  const busy = sendingText || sendingMedia || sendingQuick || recorder.state === 'sending';
  const attaching = files.length > 0 || quickAttachment !== null;

  if (!enabled) {
    return (
      <div className={styles.root}>
        <Text className={styles.hint} role="status">
          {ticket.status === 'pending' ? t('tickets.composer.acceptFirst') : t('tickets.composer.closed')}
        </Text>
        <Textarea disabled aria-label={t('tickets.composer.label')} placeholder={t('tickets.composer.disabled')} />
      </div>
    );
  }

  return (
    <div className={styles.root}>
      {suggestions.length > 0 && (
        <ul className={styles.suggestions} role="listbox" aria-label={t('tickets.composer.quickAnswers')}>
          {suggestions.map((option, index) => (
            <li key={option.id} role="option" aria-selected={index === activeSuggestion}>
              <button
                type="button"
                tabIndex={-1}
                className={mergeClasses(styles.suggestion, index === activeSuggestion && styles.active)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insertQuickAnswer(option)}
              >
                {option.label}
                {option.mediaName && (
                  <AttachRegular
                    className={styles.suggestionIcon}
                    role="img"
                    aria-label={t('quickMessages.withAttachment', { name: option.mediaName })}
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {replyTo && (
        <div className={styles.reply} data-testid="reply-preview">
          <span className={styles.replyText}>
            <Caption1 block>{t('tickets.composer.replyingTo')}</Caption1>
            <Text size={200}>{replyTo.body}</Text>
          </span>
          <Button
            appearance="subtle"
            size="small"
            icon={<DismissRegular />}
            aria-label={t('tickets.composer.cancelReply')}
            onClick={onClearReply}
          />
        </div>
      )}
      {attaching && (
        <div className={styles.files} aria-label={t('tickets.composer.attachments')} role="list">
          {quickAttachment && (
            <span className={styles.file} role="listitem">
              <FlashRegular aria-hidden />
              <Caption1>{quickAttachment.name}</Caption1>
              <Button
                appearance="subtle"
                size="small"
                icon={<DismissRegular />}
                aria-label={t('tickets.composer.removeFile', { name: quickAttachment.name })}
                onClick={() => setQuickAttachment(null)}
              />
            </span>
          )}
          {files.map((file, index) => (
            <span key={`${file.name}-${index}`} className={styles.file} role="listitem">
              <Caption1>{file.name}</Caption1>
              <Button
                appearance="subtle"
                size="small"
                icon={<DismissRegular />}
                aria-label={t('tickets.composer.removeFile', { name: file.name })}
                onClick={() => setFiles((current) => current.filter((_f, i) => i !== index))}
              />
            </span>
          ))}
        </div>
      )}
      <div className={styles.row}>
        {recorder.state === 'idle' && (
          <>
            <Popover
              open={emojiOpen}
              onOpenChange={(_event, data) => setEmojiOpen(data.open)}
              positioning="above-start"
            >
              <PopoverTrigger disableButtonEnhancement>
                <Button appearance="subtle" icon={<EmojiRegular />} aria-label={t('tickets.composer.emoji')} />
              </PopoverTrigger>
              <PopoverSurface>
                <EmojiPicker onSelect={(emoji) => setText((current) => current + emoji)} />
              </PopoverSurface>
            </Popover>
            <Button
              appearance="subtle"
              icon={<AttachRegular />}
              aria-label={t('tickets.composer.attach')}
              onClick={() => fileInput.current?.click()}
            />
            <input
              ref={fileInput}
              type="file"
              multiple
              className={styles.hidden}
              aria-label={t('tickets.composer.attach')}
              data-testid="composer-file-input"
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                if (chosen.length) setFiles((current) => [...current, ...chosen]);
                event.target.value = '';
              }}
            />
            <Tooltip content={t('tickets.composer.signature')} relationship="label">
              <ToggleButton
                appearance="subtle"
                icon={<SignatureRegular />}
                checked={sign}
                onClick={() => chooseSign(!sign)}
              />
            </Tooltip>
            <Textarea
              ref={textArea}
              className={styles.input}
              aria-label={t('tickets.composer.label')}
              placeholder={attaching ? t('tickets.composer.captionPlaceholder') : t('tickets.composer.placeholder')}
              value={text}
              rows={rows}
              resize="none"
              onChange={(_event, data) => {
                setText(data.value);
                setActiveSuggestion(0);
              }}
              onKeyDown={onKeyDown}
            />
            {text.trim() || attaching ? (
              <Button
                appearance="primary"
                icon={busy ? <Spinner size="tiny" /> : <SendRegular />}
                aria-label={t('tickets.composer.send')}
                disabled={busy}
                onClick={() => void send()}
              />
            ) : (
              <Button
                appearance="subtle"
                icon={<MicRegular />}
                aria-label={t('tickets.composer.record')}
                disabled={busy || typeof MediaRecorder === 'undefined'}
                onClick={() => void recorder.start()}
              />
            )}
          </>
        )}
        {recorder.state === 'recording' && (
          <>
            <Text className={styles.recording} role="status">
              {t('tickets.composer.recording')}
            </Text>
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={t('tickets.composer.cancelRecording')}
              onClick={recorder.cancel}
            />
            <Button
              appearance="primary"
              icon={<StopRegular />}
              aria-label={t('tickets.composer.sendRecording')}
              onClick={recorder.finish}
            />
          </>
        )}
        {recorder.state === 'sending' && <Spinner size="tiny" label={t('tickets.composer.sendingAudio')} />}
      </div>
    </div>
  );
}
