import { describe, expect, it } from '@jest/globals';
import { FLOW_NODE_TYPES, flowNodeDataSchemas, LANGUAGES } from '@atendo/shared';
import { resources } from '../../locales/all';
import { ADD_MENU_ORDER, emptyData, mediaProblem, NODE_KINDS } from './node-kinds';

const MB = 1024 * 1024;

describe('node kinds', () => {
  it('offers every block of the spec in the add menu, in its order, the start first', () => {
    expect(ADD_MENU_ORDER.slice(0, 9)).toEqual([
      'start',
      'singleBlock',
      'menu',
      'randomizer',
      'interval',
      'ticket',
      'typebot',
      'openai',
      'question',
    ]);
    expect(ADD_MENU_ORDER.every((type) => NODE_KINDS[type].addable)).toBe(true);
  });

  it('names every node type in every language', () => {
    for (const lang of LANGUAGES) {
      const types = (resources[lang].translation as { flowEditor: { types: Record<string, string> } }).flowEditor.types;
      for (const type of FLOW_NODE_TYPES) expect(types[type]).toBeTruthy();
    }
  });

  it('starts the blocks that need no dialog with data their schema accepts', () => {
    expect(flowNodeDataSchemas.start.isValidSync(emptyData('start'))).toBe(true);
    expect(flowNodeDataSchemas.randomizer.isValidSync(emptyData('randomizer'))).toBe(true);
    expect(flowNodeDataSchemas.interval.isValidSync(emptyData('interval'))).toBe(true);
  });

  it('refuses a file of another kind, or over its kind’s limit (image 2 MB, audio 5 MB, video 20 MB)', () => {
    expect(mediaProblem('img', { type: 'image/png', size: 2 * MB })).toBeNull();
    expect(mediaProblem('img', { type: 'image/png', size: 2 * MB + 1 })).toEqual({
      key: 'validation.fileTooLarge',
      params: { max: 2 },
    });
    expect(mediaProblem('audio', { type: 'audio/ogg', size: 5 * MB + 1 })).toMatchObject({ params: { max: 5 } });
    expect(mediaProblem('video', { type: 'video/mp4', size: 20 * MB })).toBeNull();
    expect(mediaProblem('video', { type: 'image/png', size: 10 })).toBe('validation.fileType');
  });
});
