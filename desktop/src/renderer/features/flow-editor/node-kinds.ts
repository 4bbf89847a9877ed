import { FLOW_LIMITS, type FlowNodeType } from '@atendo/shared';

/**
 * How each node type looks on the canvas and in the add menu. What a type's data holds, and which
 * handles it has, is shared/flows' business; this is only the editor's face of it.
 */
export interface NodeKind {
  /** The card's accent (the same in both themes, on the theme's own card background). */
  color: string;
  /** Offered by the add menu. */
  addable: boolean;
}

export const NODE_KINDS: Record<FlowNodeType, NodeKind> = {
  start: { color: '#2e7d32', addable: true },
  singleBlock: { color: '#e65100', addable: true },
  menu: { color: '#6a1b9a', addable: true },
  randomizer: { color: '#1565c0', addable: true },
  interval: { color: '#f9a825', addable: true },
  ticket: { color: '#c62828', addable: true },
  typebot: { color: '#0277bd', addable: true },
  openai: { color: '#00897b', addable: true },
  question: { color: '#ad1457', addable: true },
  message: { color: '#5d4037', addable: true },
  img: { color: '#558b2f', addable: true },
  audio: { color: '#4527a0', addable: true },
  video: { color: '#283593', addable: true },
  // Drawn by older editors; shown and kept, not offered.
  condition: { color: '#546e7a', addable: false },
};

/** The add menu's order: the spec's speed dial, then the single-media blocks. */
export const ADD_MENU_ORDER: FlowNodeType[] = [
  'start',
  'singleBlock',
  'menu',
  'randomizer',
  'interval',
  'ticket',
  'typebot',
  'openai',
  'question',
  'message',
  'img',
  'audio',
  'video',
];

export type MediaKind = 'img' | 'audio' | 'video';
export const MEDIA_KINDS: readonly MediaKind[] = ['img', 'audio', 'video'];

/** Spec 2 §9: what each upload may weigh and be. */
export const MEDIA_ACCEPT: Record<MediaKind, { accept: string[]; maxBytes: number; mimePrefix: string }> = {
  img: { accept: ['image/*'], maxBytes: FLOW_LIMITS.uploadBytes.img, mimePrefix: 'image/' },
  audio: { accept: ['audio/*'], maxBytes: FLOW_LIMITS.uploadBytes.audio, mimePrefix: 'audio/' },
  video: { accept: ['video/*'], maxBytes: FLOW_LIMITS.uploadBytes.video, mimePrefix: 'video/' },
};

/** Why a chosen file cannot be sent, as a validation message, or null. */
export function mediaProblem(kind: MediaKind, file: { type: string; size: number }): unknown {
  const rule = MEDIA_ACCEPT[kind];
  if (!file.type.startsWith(rule.mimePrefix)) return 'validation.fileType';
  if (file.size > rule.maxBytes)
    return { key: 'validation.fileTooLarge', params: { max: rule.maxBytes / 1024 / 1024 } };
  return null;
}

/** The data a new block starts with, before its dialog (if any) fills it. */
export function emptyData(type: FlowNodeType): Record<string, unknown> {
  switch (type) {
    case 'start':
      return {};
    case 'message':
      return { label: '' };
    case 'interval':
      return { sec: 1 };
    case 'menu':
      return { message: '', arrayOption: [{ number: 1, value: '' }] };
    case 'randomizer':
      return { percent: 50 };
    case 'singleBlock':
      return { seq: [], elements: [] };
    case 'ticket':
      return { data: null };
    case 'typebot':
      return { integrationId: null };
    case 'openai':
      return { promptId: null };
    case 'question':
      return { typebotIntegration: { message: '', answerKey: '' } };
    case 'audio':
      return { url: '', record: false };
    case 'condition':
      return { key: '', condition: 'equals', value: '' };
    default:
      return { url: '' };
  }
}
