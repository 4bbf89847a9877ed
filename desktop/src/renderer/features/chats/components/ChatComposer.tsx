import { CHAT_MESSAGE_MAX, type Id } from '@atendo/shared';
import { Button, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { useReportComposing } from '../../desktop/composing';
import { useSendChatMessageMutation } from '../chats.api';

/** The composer grows with its text up to this many rows, then scrolls. */
const MAX_ROWS = 5;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  input: { flexGrow: 1 },
});

/** Enter sends, Shift+Enter starts a new line. A message that fails to go comes back to the box. */
export function ChatComposer({ chatId }: { chatId: Id }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [send] = useSendChatMessageMutation();
  // The desktop app holds back a restart into an update while this is unsent.
  useReportComposing(text.trim() !== '');
  const input = useRef<HTMLTextAreaElement>(null);
  // Messages typed in quick succession go one after the other, so they arrive in the order written.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message) return;
    setText('');
    queue.current = queue.current.then(async () => {
      try {
        await send({ chatId, message }).unwrap();
      } catch (failure) {
        setText((current) => (current ? `${message}\n${current}` : message));
        notify.error(errorText(i18n, failure));
      }
    });
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing a character confirms the character, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className={styles.root} onSubmit={submit}>
      <Textarea
        ref={input}
        className={styles.input}
        aria-label={t('chats.composer.label')}
        placeholder={t('chats.composer.placeholder')}
        value={text}
        maxLength={CHAT_MESSAGE_MAX}
        rows={Math.min(MAX_ROWS, Math.max(1, text.split('\n').length))}
        resize="none"
        onChange={(_event, data) => setText(data.value)}
        onKeyDown={onKeyDown}
      />
      <Button
        type="submit"
        appearance="primary"
        icon={<SendRegular />}
        aria-label={t('chats.composer.send')}
        disabled={!text.trim()}
      />
    </form>
  );
}
