import { type FlowNodeType, receivesLines, sourceHandles } from '@atendo/shared';
import { Button, Caption1, makeStyles, mergeClasses, shorthands, Text, tokens } from '@fluentui/react-components';
import { CopyRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorNode } from '../flow-edit';
import { NODE_KINDS } from '../node-kinds';
import { useCanvasActions } from './canvas-context';
import { NODE_ICONS } from './node-icons';

const useStyles = makeStyles({
  card: {
    width: '240px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    ...shorthands.border('2px', 'solid', tokens.colorNeutralStroke1),
    borderRadius: tokens.borderRadiusLarge,
    // No shadow at rest: 200 of them repainted on every pan step cost frames on slower machines.
    fontSize: tokens.fontSizeBase200,
  },
  // Spec 2 §2: the selected block has a blue border.
  selected: { ...shorthands.borderColor('#1e88e5'), boxShadow: `0 0 0 2px #1e88e5` },
  waiting: { boxShadow: `0 0 0 4px ${tokens.colorPaletteYellowBorderActive}` },
  problem: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS} ${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderTopLeftRadius: tokens.borderRadiusMedium,
    borderTopRightRadius: tokens.borderRadiusMedium,
    color: '#ffffff',
    fontWeight: tokens.fontWeightSemibold,
  },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  action: { color: '#ffffff', minWidth: '24px' },
  body: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  text: {
    overflowWrap: 'anywhere',
    display: '-webkit-box',
    WebkitLineClamp: 4,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    whiteSpace: 'pre-wrap',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  // A row with its own way out: the handle sits on the row's right edge.
  row: {
    position: 'relative',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    marginRight: `-${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
    overflow: 'visible',
    overflowWrap: 'anywhere',
  },
  handle: { width: '12px', height: '12px', ...shorthands.border('2px', 'solid', tokens.colorNeutralBackground1) },
});

const str = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const fileName = (url: unknown, name?: unknown): string =>
  str(name) || decodeURIComponent(str(url).split('/').pop() ?? '') || '—';

/** The rows of a block whose ways out have names: a menu's options, a randomizer's two shares. */
function branches(type: FlowNodeType, data: Record<string, unknown>, truth: { yes: string; no: string }) {
  if (type === 'menu') {
    const options = Array.isArray(data.arrayOption)
      ? (data.arrayOption as { number?: unknown; value?: unknown }[])
      : [];
    return options.map((o) => ({ handle: `a${String(o?.number)}`, label: `${str(o?.number)} - ${str(o?.value)}` }));
  }
  if (type === 'randomizer') {
    const percent = Number(data.percent ?? 0);
    return [
      { handle: 'a', label: `${percent}%` },
      { handle: 'b', label: `${100 - percent}%` },
    ];
  }
  if (type === 'condition') {
    return [
      { handle: 'a', label: truth.yes },
      { handle: 'b', label: truth.no },
    ];
  }
  return null;
}

function Summary({ type, data }: { type: FlowNodeType; data: Record<string, unknown> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const line = (text: string, muted = false) => (
    <Text className={mergeClasses(styles.text, muted && styles.muted)}>{text || '—'}</Text>
  );
  switch (type) {
    case 'start':
      return line(t('flowEditor.summary.start'), true);
    case 'message':
      return line(str(data.label));
    case 'interval':
      return line(t('flowEditor.summary.interval', { sec: str(data.sec) }));
    case 'menu':
      return line(str(data.message));
    case 'img':
    case 'video':
      return line(fileName(data.url, data.name));
    case 'audio':
      return line(fileName(data.url, data.name));
    case 'randomizer':
      return line(t('flowEditor.summary.randomizer'), true);
    case 'singleBlock': {
      const elements = Array.isArray(data.elements)
        ? (data.elements as { type?: string; value?: unknown; original?: unknown }[])
        : [];
      return (
        <>
          {elements.map((element, index) => (
            <Text key={index} className={styles.text}>
              <b>{t(`flowEditor.types.${element.type ?? 'message'}`)}:</b>{' '}
              {element.type === 'interval'
                ? t('flowEditor.summary.interval', { sec: str(element.value) })
                : element.type === 'message'
                  ? str(element.value)
                  : fileName(element.value, element.original)}
            </Text>
          ))}
        </>
      );
    }
    case 'ticket':
      return line(t('flowEditor.summary.ticket', { name: str((data.data as { name?: unknown } | null)?.name) || '—' }));
    case 'typebot':
    case 'openai':
      return line(str(data.name) || `#${str(data.integrationId ?? data.promptId)}`);
    case 'question': {
      const question = (data.typebotIntegration ?? {}) as { message?: unknown; answerKey?: unknown };
      return (
        <>
          {line(str(question.message))}
          {line(t('flowEditor.summary.answerKey', { key: str(question.answerKey) }), true)}
        </>
      );
    }
    case 'condition':
      return line(`${str(data.key)} ${str(data.condition)} ${str(data.value)}`);
    default:
      return null;
  }
}

function FlowNodeCardView({ id, type, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const actions = useCanvasActions();
  const kind = NODE_KINDS[type];
  const typeLabel = t(`flowEditor.types.${type}`);
  const rows = branches(type, data, {
    yes: t('flowEditor.summary.conditionTrue'),
    no: t('flowEditor.summary.conditionFalse'),
  });
  const handles = sourceHandles({ type, data });

  const action = (label: string, icon: ReactElement, run: () => void) => (
    <Button
      className={mergeClasses('nodrag', 'nopan', styles.action)}
      appearance="transparent"
      size="small"
      icon={icon}
      aria-label={label}
      title={label}
      onClick={(event) => {
        event.stopPropagation();
        run();
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    />
  );

  return (
    <div
      className={mergeClasses(
        styles.card,
        selected && styles.selected,
        actions.problemNodeId === id && styles.problem,
        actions.waitingNodeId === id && styles.waiting,
      )}
      data-node-type={type}
      data-waiting={actions.waitingNodeId === id || undefined}
      aria-label={typeLabel}
    >
      {receivesLines(type) && <Handle className={styles.handle} type="target" position={Position.Left} />}
      <div className={styles.header} style={{ backgroundColor: kind.color }}>
        {NODE_ICONS[type]}
        <span className={styles.title}>{typeLabel}</span>
        {type !== 'start' &&
          action(t('flowEditor.node.edit', { type: typeLabel }), <EditRegular />, () => actions.edit(id))}
        {type !== 'start' &&
          action(t('flowEditor.node.duplicate', { type: typeLabel }), <CopyRegular />, () => actions.duplicate(id))}
        {action(t('flowEditor.node.delete', { type: typeLabel }), <DeleteRegular />, () => actions.remove(id))}
      </div>
      <div className={styles.body}>
        <Summary type={type} data={data} />
        {rows?.map((row) => (
          <div key={row.handle} className={styles.row}>
            <Caption1>{row.label}</Caption1>
            {handles.includes(row.handle) && (
              <Handle
                className={styles.handle}
                type="source"
                position={Position.Right}
                id={row.handle}
                style={{ backgroundColor: kind.color }}
              />
            )}
          </div>
        ))}
      </div>
      {!rows &&
        handles.map((handle) => (
          <Handle
            key={handle}
            className={styles.handle}
            type="source"
            position={Position.Right}
            id={handle}
            style={{ backgroundColor: kind.color }}
          />
        ))}
    </div>
  );
}

export const FlowNodeCard = memo(FlowNodeCardView);
