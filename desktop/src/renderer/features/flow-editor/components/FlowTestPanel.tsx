import { type FieldError, type FlowGraph, type FlowPosition, type FlowReply, validateFlowGraph } from '@atendo/shared';
import {
  Badge,
  Button,
  Caption1,
  Input,
  makeStyles,
  mergeClasses,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowResetRegular, DismissRegular, SendRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorText } from '../../../app/errors';
import { useListQueuesQuery } from '../../queues/queues.api';
import { absoluteMediaUrl, useBaseUrl } from '../../tickets/media';
import { useTestFlowDrawingMutation } from '../flow-editor.api';
import { describeProblem } from '../flow-problems';

/** Its width on wide screens; on phones it covers the canvas. */
export const TEST_PANEL_WIDTH = 380;

const useStyles = makeStyles({
  panel: {
    position: 'absolute',
    top: 0,
    right: 0,
    bottom: 0,
    width: `min(${TEST_PANEL_WIDTH}px, 100%)`,
    zIndex: 10,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow16,
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flexGrow: 1 },
  note: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
  log: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    padding: tokens.spacingHorizontalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  bubble: {
    maxWidth: '85%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  flow: { alignSelf: 'flex-start', backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2 },
  tester: {
    alignSelf: 'flex-end',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  event: { alignSelf: 'center', color: tokens.colorNeutralForeground3, fontStyle: 'italic', textAlign: 'center' },
  fail: {
    alignSelf: 'stretch',
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
  media: { maxWidth: '100%', maxHeight: '200px', borderRadius: tokens.borderRadiusMedium, display: 'block' },
  audio: { maxWidth: '100%' },
  variables: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'center',
  },
  form: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalM,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  input: { flexGrow: 1, minWidth: 0 },
});

type NewEntry =
  { from: 'flow'; reply: FlowReply } | { from: 'tester'; text: string } | { from: 'problem'; text: string };
type Entry = NewEntry & { key: number };

interface FlowTestPanelProps {
  /** The drawing as it is now, saved or not. */
  draft: () => FlowGraph;
  /** The node the conversation waits at, for the canvas to point at. */
  onWaiting: (nodeId: string | null) => void;
  onProblem: (problem: FieldError) => void;
  onClose: () => void;
}

/**
 * Spec 2 "Testar": the draft run as a customer's conversation, on the server's own executors,
 * sending nothing to anyone. It starts at the flow's first replies; each message typed is sent
 * with where the conversation stood.
 */
export function FlowTestPanel({ draft, onWaiting, onProblem, onClose }: FlowTestPanelProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const base = useBaseUrl();
  const queues = useListQueuesQuery();
  const [test, { isLoading }] = useTestFlowDrawingMutation();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [position, setPosition] = useState<FlowPosition | null>(null);
  const [text, setText] = useState('');
  const counter = useRef(0);
  const log = useRef<HTMLDivElement>(null);
  const graph = useRef<FlowGraph | null>(null);
  // The drawing the conversation runs on (kept from its start, so edits do not change its course).
  const [drawingNodes, setDrawingNodes] = useState<FlowGraph['nodes']>([]);

  const push = (...added: NewEntry[]) =>
    setEntries((list) => [...list, ...added.map((entry): Entry => ({ ...entry, key: (counter.current += 1) }))]);

  const run = async (from: FlowPosition | null, message?: string) => {
    const drawing = from ? (graph.current ?? draft()) : draft();
    graph.current = drawing;
    setDrawingNodes(drawing.nodes);
    const problems = validateFlowGraph(drawing);
    if (problems.length) {
      push({ from: 'problem', text: describeProblem(i18n, problems[0], drawing.nodes).text });
      onProblem(problems[0]);
      return;
    }
    try {
      const result = await test({
        ...drawing,
        position: from,
        ...(message === undefined ? {} : { text: message }),
      }).unwrap();
      push(...result.replies.map((reply) => ({ from: 'flow' as const, reply })));
      setPosition(result.position);
      onWaiting(result.position.done ? null : result.position.nodeId);
    } catch (failure) {
      const body = errorBody(failure);
      const field = body?.error === 'ERR_VALIDATION' ? body.fields?.[0] : undefined;
      if (field) onProblem(field);
      push({
        from: 'problem',
        text: field ? describeProblem(i18n, field, drawing.nodes).text : errorText(i18n, failure),
      });
    }
  };

  const restart = () => {
    setEntries([]);
    setPosition(null);
    onWaiting(null);
    void run(null);
  };

  useEffect(() => {
    void run(null);
    return () => onWaiting(null);
    // Started once when the panel opens; the restart button starts it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [entries]);

  const send = () => {
    const message = text.trim();
    if (!message || !position || position.done || isLoading) return;
    setText('');
    push({ from: 'tester', text: message });
    void run(position, message);
  };

  const botName = (nodeId: string) => {
    const node = drawingNodes.find((n) => n.id === nodeId);
    return typeof node?.data.name === 'string' && node.data.name ? node.data.name : null;
  };

  const reply = (entry: FlowReply) => {
    switch (entry.kind) {
      case 'text':
        return <div className={mergeClasses(styles.bubble, styles.flow)}>{entry.body}</div>;
      case 'media': {
        const src = absoluteMediaUrl(entry.url, base);
        return (
          <div className={mergeClasses(styles.bubble, styles.flow)}>
            {entry.mediaType === 'image' && <img className={styles.media} src={src} alt={t('flowEditor.test.image')} />}
            {entry.mediaType === 'audio' && <audio className={styles.audio} controls src={src} preload="none" />}
            {entry.mediaType === 'video' && <video className={styles.media} controls src={src} preload="metadata" />}
          </div>
        );
      }
      case 'wait':
        return <Caption1 className={styles.event}>{t('flowEditor.test.waited', { seconds: entry.seconds })}</Caption1>;
      case 'queue': {
        const queue = queues.data?.find((q) => q.id === entry.queueId);
        return (
          <Caption1 className={styles.event}>
            {t('flowEditor.test.queue', { name: queue?.name ?? `#${entry.queueId}` })}
          </Caption1>
        );
      }
      case 'bot':
        return (
          <Caption1 className={styles.event}>
            {t(`flowEditor.test.bot.${entry.bot}`, { name: botName(entry.nodeId) ?? `#${entry.refId}` })}
          </Caption1>
        );
      case 'fail':
        return (
          <div className={mergeClasses(styles.bubble, styles.fail)} role="alert">
            {t('flowEditor.test.fail', { reason: entry.reason })}
          </div>
        );
    }
  };

  const variables = Object.entries(position?.variables ?? {});
  const done = !!position?.done;
  return (
    <aside className={styles.panel} aria-label={t('flowEditor.test.title')}>
      <div className={styles.head}>
        <Subtitle2 className={styles.title}>{t('flowEditor.test.title')}</Subtitle2>
        <Button appearance="subtle" icon={<ArrowResetRegular />} onClick={restart} disabled={isLoading}>
          {t('flowEditor.test.restart')}
        </Button>
        <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('common.close')} onClick={onClose} />
      </div>
      <Caption1 className={styles.note}>{t('flowEditor.test.note')}</Caption1>
      <div className={styles.log} ref={log} role="log" aria-label={t('flowEditor.test.conversation')}>
        {entries.map((entry) =>
          entry.from === 'flow' ? (
            <div key={entry.key} data-reply={entry.reply.kind} style={{ display: 'contents' }}>
              {reply(entry.reply)}
            </div>
          ) : entry.from === 'tester' ? (
            <div key={entry.key} className={mergeClasses(styles.bubble, styles.tester)} data-tester>
              {entry.text}
            </div>
          ) : (
            <div key={entry.key} className={mergeClasses(styles.bubble, styles.fail)} role="alert">
              {entry.text}
            </div>
          ),
        )}
        {isLoading && <Spinner size="tiny" />}
        {done && <Caption1 className={styles.event}>{t('flowEditor.test.ended')}</Caption1>}
      </div>
      <div className={styles.variables} aria-label={t('flowEditor.test.variables')}>
        <Caption1>{t('flowEditor.test.variables')}:</Caption1>
        {variables.length ? (
          variables.map(([key, value]) => (
            <Badge key={key} appearance="tint" shape="rounded">
              {`${key} = ${value}`}
            </Badge>
          ))
        ) : (
          <Text size={200}>{t('flowEditor.test.noVariables')}</Text>
        )}
      </div>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Input
          className={styles.input}
          value={text}
          onChange={(_event, data) => setText(data.value)}
          placeholder={t('flowEditor.test.placeholder')}
          aria-label={t('flowEditor.test.placeholder')}
          disabled={!position || done}
        />
        <Button
          type="submit"
          appearance="primary"
          icon={<SendRegular />}
          aria-label={t('flowEditor.test.send')}
          disabled={!position || done || isLoading || !text.trim()}
        />
      </form>
    </aside>
  );
}
