import '@xyflow/react/dist/style.css';
import { type FieldError, type FlowNodeType, type FlowWithGraph, validateFlowGraph } from '@atendo/shared';
import {
  Button,
  Caption1,
  makeStyles,
  Menu,
  MenuItem,
  mergeClasses,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowRedoRegular,
  ArrowUndoRegular,
  BeakerRegular,
  DismissRegular,
  SaveRegular,
  WarningRegular,
} from '@fluentui/react-icons';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  Background,
  BackgroundVariant,
  type Connection,
  Controls,
  type EdgeChange,
  MiniMap,
  type NodeChange,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  useStore,
} from '@xyflow/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useBlocker, useParams } from 'react-router';
import { errorBody, errorText } from '../../../app/errors';
import { useMediaQuery } from '../../../app/hooks';
import { useIsDarkTheme } from '../../../app/providers';
import { useNotify } from '../../../app/toasts';
import { PHONE_QUERY } from '../../../components/breakpoints';
import { useLoadFlowDrawingQuery, useSaveFlowDrawingMutation } from '../flow-editor.api';
import {
  addNode,
  connect,
  drawingKey,
  duplicateNode,
  type EditorGraph,
  type EditorNode,
  fromFlowGraph,
  removeNode,
  selectOnly,
  toFlowGraph,
  updateNodeData,
} from '../flow-edit';
import { describeProblem, type DrawingProblem } from '../flow-problems';
import { canRedo, canUndo, historyOf, historyShortcut, record, redo, replace, undo } from '../history';
import { ADD_MENU_ORDER, emptyData, NODE_KINDS } from '../node-kinds';
import { nodeTypes } from '../node-types';
import { addVariable, answerKeyOf, swapVariable, variablesOf, writeVariables } from '../variables';
import { type CanvasActions, CanvasContext } from './canvas-context';
import { FlowTestPanel, TEST_PANEL_WIDTH } from './FlowTestPanel';
import { NodeDialog } from './NodeDialog';
import { NODE_ICONS } from './node-icons';

/** Spec 2 §9: the drawing is asked for this long after the id changes. */
export const FLOW_LOAD_DELAY_MS = 500;

/** The canvas's class while it is panned or zoomed. */
const MOVING = 'flow-canvas-moving';
/** The canvas's class while zoomed out below READABLE_ZOOM. */
const FAR = 'flow-canvas-far';
const READABLE_ZOOM = 0.4;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, flexGrow: 1, minHeight: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  titles: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  name: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  reminder: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteDarkOrangeForeground1,
  },
  canvas: {
    position: 'relative',
    flexGrow: 1,
    minHeight: '420px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    // xyflow's own colours follow its colorMode; its controls take the app's surface.
    '& .react-flow__controls-button': { boxSizing: 'content-box' },
    // While the view moves, the drawing is one composited layer that slides, instead of 200
    // blocks painted again every frame; at rest it is painted sharp at its zoom.
    [`&.${MOVING} .react-flow__viewport`]: { willChange: 'transform' },
    // Zoomed out past reading, the blocks' words and icons are not drawn: their shapes and colours
    // still tell the blocks apart, and the 200-block flow pans without painting every glyph. Nor
    // are their handles, dots of 2 px there that no one could aim a line at: each is positioned by
    // a transform of its own, and Chromium sorted those 600 pieces into layers again every pan step
    // (4 ms of a 16.7 ms frame, 1.8 ms without them). Hidden, not removed: the lines keep the
    // handles' measured places.
    [`&.${FAR} .react-flow__node :is(span, b, svg, .react-flow__handle)`]: { visibility: 'hidden' },
    // The dots keep their spacing in the drawing's units: zoomed out that far they are a few
    // pixels apart, a grey haze repainted whole on every step of a pan. They are left out there.
    [`&.${FAR} .react-flow__background`]: { visibility: 'hidden' },
  },
  center: { flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

/** `/flowbuilder/:id`: the drawing of one flow, loaded 500 ms after the id changes (spec 2 §7). */
export function FlowEditorPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { id } = useParams();
  const flowId = Number(id);
  const valid = Number.isInteger(flowId) && flowId > 0;
  const [readyId, setReadyId] = useState<number | null>(null);
  useEffect(() => {
    if (!valid) return;
    const timer = window.setTimeout(() => setReadyId(flowId), FLOW_LOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [flowId, valid]);
  const loadId = valid && readyId === flowId ? flowId : null;
  const flow = useLoadFlowDrawingQuery(loadId ?? skipToken, { refetchOnMountOrArgChange: true });

  // Spec 2 §8: a failed load is the generic error toast.
  const failed = flow.isError && loadId !== null;
  useEffect(() => {
    if (failed) notify.error(errorText(i18n, flow.error));
  }, [failed, flow.error, i18n, notify]);

  if (!valid) return <Navigate to="/flowbuilders" replace />;
  if (failed) {
    return (
      <div className={styles.page}>
        <Title2 as="h1">{t('flowEditor.title')}</Title2>
        <MessageBar intent="error">
          <MessageBarBody>{errorText(i18n, flow.error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void flow.refetch()}>{t('common.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      </div>
    );
  }
  // The drawing opens once it is the one of this id, fresh from the server.
  if (!flow.data || flow.data.id !== loadId || (flow.isFetching && !flow.isSuccess)) {
    return (
      <div className={styles.page}>
        <Title2 as="h1">{t('flowEditor.title')}</Title2>
        <div className={styles.center}>
          <Spinner label={t('flowEditor.loading')} />
        </div>
      </div>
    );
  }
  return (
    <ReactFlowProvider>
      <FlowEditor key={flow.data.id} flow={flow.data} />
    </ReactFlowProvider>
  );
}

type DialogState = { mode: 'create'; type: FlowNodeType } | { mode: 'edit'; node: EditorNode } | null;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function FlowEditor({ flow }: { flow: FlowWithGraph }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const dark = useIsDarkTheme();
  const phone = useMediaQuery(PHONE_QUERY);
  const reactFlow = useReactFlow();
  const [saveDrawing, { isLoading: saving }] = useSaveFlowDrawingMutation();

  const [history, setHistory] = useState(() => historyOf(fromFlowGraph(flow.flow)));
  const [savedKey, setSavedKey] = useState(() => drawingKey(history.present));
  const graph = history.present;
  // For the callbacks the nodes hold, which must not change with every edit.
  const graphRef = useRef(graph);
  useLayoutEffect(() => {
    graphRef.current = graph;
  }, [graph]);
  const dirty = useMemo(() => drawingKey(graph) !== savedKey, [graph, savedKey]);

  const [dialog, setDialog] = useState<DialogState>(null);
  // Spec 2 §4: on load, the question blocks' keys refill the variables.
  const [variables, setVariables] = useState<string[]>(() => variablesOf(flow.flow?.nodes ?? []));
  const [problem, setProblem] = useState<DrawingProblem | null>(null);
  const [testing, setTesting] = useState(false);
  const [waitingNodeId, setWaitingNodeId] = useState<string | null>(null);

  useEffect(() => writeVariables(variablesOf(flow.flow?.nodes ?? [])), [flow.flow]);

  const changeVariables = useCallback((change: (list: string[]) => string[]) => {
    setVariables((list) => {
      const next = change(list);
      writeVariables(next);
      return next;
    });
  }, []);

  /**
   * Applies a change to the drawing. A step may be undone; what happens in one go (a block
   * deleted with its lines, through two xyflow callbacks) is one step.
   */
  const steppedThisTick = useRef(false);
  const apply = useCallback((change: (graph: EditorGraph) => EditorGraph, step: boolean) => {
    let asStep = step;
    if (step) {
      if (steppedThisTick.current) asStep = false;
      else {
        steppedThisTick.current = true;
        queueMicrotask(() => {
          steppedThisTick.current = false;
        });
      }
    }
    setHistory((h) => {
      const next = change(h.present);
      if (next === h.present) return h;
      return asStep ? record(h, next) : replace(h, next);
    });
  }, []);

  const dragging = useRef(false);
  const onNodesChange = useCallback(
    (changes: NodeChange<EditorNode>[]) => {
      const step = changes.some(
        (c) => c.type === 'remove' || (c.type === 'position' && !dragging.current && c.dragging === false),
      );
      if (changes.some((c) => c.type === 'remove')) setProblem(null);
      apply((g) => ({ ...g, nodes: applyNodeChanges(changes, g.nodes) }), step);
    },
    [apply],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) =>
      apply(
        (g) => ({ ...g, edges: applyEdgeChanges(changes, g.edges) }),
        changes.some((c) => c.type === 'remove'),
      ),
    [apply],
  );
  const onConnect = useCallback((line: Connection) => apply((g) => connect(g, line), true), [apply]);
  const onNodeDragStart = useCallback(() => {
    dragging.current = true;
    // The drawing as it was before the drag is the step undo returns to.
    setHistory((h) => record(h, h.present));
  }, []);
  const onNodeDragStop = useCallback(() => {
    dragging.current = false;
    // A click that moved nothing leaves no step behind.
    setHistory((h) => {
      const before = h.past[h.past.length - 1];
      return before && drawingKey(before) === drawingKey(h.present) ? { ...h, past: h.past.slice(0, -1) } : h;
    });
  }, []);

  const far = useStore((state) => state.transform[2] < READABLE_ZOOM);
  // Set on the element itself: a React render per pan would cost what the class saves.
  const canvasRef = useRef<HTMLDivElement>(null);
  const onMoveStart = useCallback(() => canvasRef.current?.classList.add(MOVING), []);
  const onMoveEnd = useCallback(() => canvasRef.current?.classList.remove(MOVING), []);

  const runUndo = useCallback(() => setHistory(undo), []);
  const runRedo = useCallback(() => setHistory(redo), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialog || isTyping(event.target)) return;
      const shortcut = historyShortcut(event);
      if (!shortcut) return;
      event.preventDefault();
      if (shortcut === 'undo') runUndo();
      else runRedo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog, runUndo, runRedo]);

  // Leaving the page (reload, closing the tab, quitting the desktop app, whose main process asks
  // natively) with changes not saved asks first.
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  // The block the test waits at is brought into view, beside the panel rather than under it.
  useEffect(() => {
    if (!waitingNodeId) return;
    const node = reactFlow.getInternalNode(waitingNodeId);
    if (!node) return;
    const zoom = Math.max(reactFlow.getZoom(), 0.6);
    const width = node.measured.width ?? 0;
    const height = node.measured.height ?? 0;
    const beside = phone ? 0 : TEST_PANEL_WIDTH / 2 / zoom;
    void reactFlow.setCenter(
      node.internals.positionAbsolute.x + width / 2 + beside,
      node.internals.positionAbsolute.y + height / 2,
      { zoom, duration: 300 },
    );
  }, [waitingNodeId, reactFlow, phone]);

  // Leaving for another page of the app (a link, the back button) with changes not saved asks
  // first too, as the browser does on reload.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('flowEditor.leaveConfirm'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  const focusNode = useCallback(
    (nodeId: string) => {
      void reactFlow.fitView({ nodes: [{ id: nodeId }], duration: 300, maxZoom: 1 });
    },
    [reactFlow],
  );

  const showProblem = useCallback(
    (found: FieldError) => {
      const described = describeProblem(i18n, found, toFlowGraph(graphRef.current).nodes);
      setProblem(described);
      if (described.nodeId) {
        apply((g) => selectOnly(g, described.nodeId), false);
        focusNode(described.nodeId);
      }
    },
    [apply, focusNode, i18n],
  );

  const actions: CanvasActions = useMemo(
    () => ({
      edit: (nodeId) => {
        const node = graphRef.current.nodes.find((n) => n.id === nodeId);
        if (node && node.type !== 'start') setDialog({ mode: 'edit', node });
      },
      duplicate: (nodeId) =>
        apply((g) => {
          const copy = duplicateNode(g, nodeId);
          return copy ? copy.graph : g;
        }, true),
      remove: (nodeId) => apply((g) => removeNode(g, nodeId), true),
      waitingNodeId,
      problemNodeId: problem?.nodeId ?? null,
    }),
    [apply, waitingNodeId, problem],
  );

  const add = (type: FlowNodeType) => {
    if (type === 'start') {
      apply((g) => addNode(g, 'start', emptyData('start')).graph, true);
      return;
    }
    setDialog({ mode: 'create', type });
  };

  const submitDialog = (data: Record<string, unknown>) => {
    if (!dialog) return;
    if (dialog.mode === 'create') {
      const { type } = dialog;
      let placed: EditorNode | null = null;
      apply((g) => {
        const added = addNode(g, type, data);
        placed = added.node;
        return added.graph;
      }, true);
      const key = answerKeyOf({ type, data });
      if (key) changeVariables((list) => addVariable(list, key));
      window.setTimeout(() => {
        if (placed) focusNode((placed as EditorNode).id);
      }, 50);
    } else {
      const { node } = dialog;
      apply((g) => updateNodeData(g, node.id, data), true);
      const key = answerKeyOf({ type: node.type, data });
      if (key) changeVariables((list) => swapVariable(list, answerKeyOf(node), key));
    }
    setProblem(null);
    setDialog(null);
  };

  const save = async () => {
    const drawing = toFlowGraph(graph);
    const problems = validateFlowGraph(drawing);
    if (problems.length) {
      showProblem(problems[0]);
      return;
    }
    try {
      await saveDrawing({ idFlow: flow.id, ...drawing }).unwrap();
      setSavedKey(drawingKey(graph));
      setProblem(null);
      notify.success(t('flowEditor.saved'));
    } catch (failure) {
      const body = errorBody(failure);
      const field = body?.error === 'ERR_VALIDATION' ? body.fields?.[0] : undefined;
      if (field) showProblem(field);
      else notify.error(errorText(i18n, failure));
    }
  };

  const draft = useCallback(() => toFlowGraph(graphRef.current), []);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div className={styles.titles}>
          <Title2 as="h1">{t('flowEditor.title')}</Title2>
          <Text className={styles.name} data-testid="flow-name">
            {flow.name}
          </Text>
        </div>
        <div className={styles.actions}>
          {dirty && (
            <span className={styles.reminder} role="status" data-testid="flow-unsaved">
              <WarningRegular />
              <Caption1>{t('flowEditor.unsaved')}</Caption1>
            </span>
          )}
          <Tooltip content={t('flowEditor.undo')} relationship="label">
            <Button icon={<ArrowUndoRegular />} disabled={!canUndo(history)} onClick={runUndo} />
          </Tooltip>
          <Tooltip content={t('flowEditor.redo')} relationship="label">
            <Button icon={<ArrowRedoRegular />} disabled={!canRedo(history)} onClick={runRedo} />
          </Tooltip>
          <Button icon={<BeakerRegular />} onClick={() => setTesting((open) => !open)} aria-pressed={testing}>
            {t('flowEditor.test.open')}
          </Button>
          <Button
            appearance="primary"
            icon={saving ? <Spinner size="tiny" /> : <SaveRegular />}
            disabled={saving}
            onClick={() => void save()}
          >
            {t('flowEditor.save')}
          </Button>
        </div>
      </div>
      {problem && (
        <MessageBar intent="error" data-testid="flow-problem">
          <MessageBarBody>{problem.text}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                icon={<DismissRegular />}
                aria-label={t('common.close')}
                onClick={() => setProblem(null)}
              />
            }
          />
        </MessageBar>
      )}
      <div className={mergeClasses(styles.canvas, far && FAR)} ref={canvasRef}>
        <CanvasContext.Provider value={actions}>
          <ReactFlow<EditorNode>
            nodes={graph.nodes}
            edges={graph.edges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onNodeDragStart={onNodeDragStart}
            onNodeDragStop={onNodeDragStop}
            onNodeDoubleClick={(_event, node) => actions.edit(node.id)}
            onMoveStart={onMoveStart}
            onMoveEnd={onMoveEnd}
            deleteKeyCode={['Backspace', 'Delete']}
            colorMode={dark ? 'dark' : 'light'}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
            minZoom={0.1}
            maxZoom={2}
            zoomOnDoubleClick={false}
            // Close up, only the blocks on screen are drawn. Zoomed out, all are: nearly all are on
            // screen there anyway (the editor opens fitted to the whole drawing), and the few at the
            // edges were built and thrown away again at every pan step, frames of 33 ms.
            onlyRenderVisibleElements={!far}
            aria-label={t('flowEditor.canvas')}
          >
            <Background variant={BackgroundVariant.Dots} gap={18} size={1.5} />
            <Controls position="bottom-left" />
            {!phone && (
              <MiniMap<EditorNode>
                pannable
                zoomable
                ariaLabel={t('flowEditor.minimap')}
                nodeColor={(node) => NODE_KINDS[node.type].color}
              />
            )}
            <Panel position="top-left">
              <Menu positioning="below-start">
                <MenuTrigger disableButtonEnhancement>
                  <Button appearance="primary" shape="circular" size="large" icon={<AddRegular />}>
                    {t('flowEditor.addBlock')}
                  </Button>
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    {ADD_MENU_ORDER.map((type) => (
                      <MenuItem key={type} icon={NODE_ICONS[type]} onClick={() => add(type)}>
                        {t(`flowEditor.types.${type}`)}
                      </MenuItem>
                    ))}
                  </MenuList>
                </MenuPopover>
              </Menu>
            </Panel>
          </ReactFlow>
        </CanvasContext.Provider>
        {testing && (
          <FlowTestPanel
            draft={draft}
            onWaiting={setWaitingNodeId}
            onProblem={showProblem}
            onClose={() => setTesting(false)}
          />
        )}
      </div>
      {dialog && (
        <NodeDialog
          type={dialog.mode === 'create' ? dialog.type : dialog.node.type}
          data={dialog.mode === 'edit' ? dialog.node.data : null}
          variables={variables}
          onClose={() => setDialog(null)}
          onSubmit={submitDialog}
        />
      )}
    </div>
  );
}
