import { describe, expect, it } from '@jest/globals';
import i18n from '../../app/i18n';
import { validationText } from '../../app/errors';
import { FLOW_NAME_REQUIRED, flowNameInput, flowNameMessage, validateFlowName } from './flow-name';

describe('a flow name', () => {
  it('is checked by the shared rule, 2 to 50 characters, and asked for when missing', async () => {
    expect(await validateFlowName({ name: '' })).toEqual({ name: FLOW_NAME_REQUIRED });
    // Spaces alone are no name: the server trims them too.
    expect(await validateFlowName({ name: '   ' })).toEqual({ name: FLOW_NAME_REQUIRED });
    expect(await validateFlowName({ name: 'A' })).toEqual({ name: { key: 'validation.tooShort', params: { min: 2 } } });
    expect(await validateFlowName({ name: 'x'.repeat(51) })).toEqual({
      name: { key: 'validation.tooLong', params: { max: 50 } },
    });
    expect(await validateFlowName({ name: 'Boas-vindas' })).toEqual({});
    expect(await validateFlowName({ name: 'x'.repeat(50) })).toEqual({});
  });

  it('says so in the words of spec 2 §5, in Portuguese', async () => {
    const pt = i18n.cloneInstance();
    await pt.changeLanguage('pt');
    const text = async (name: string) => validationText(pt, (await validateFlowName({ name })).name);
    expect(await text('')).toBe('Digite um nome!');
    expect(await text('A')).toMatch(/^Muito curto!/);
    expect(await text('x'.repeat(51))).toMatch(/^Muito longo!/);
  });

  it("keeps the server's other messages as they are", () => {
    expect(flowNameMessage('validation.required')).toBe(FLOW_NAME_REQUIRED);
    expect(flowNameMessage({ key: 'validation.required' })).toBe(FLOW_NAME_REQUIRED);
    expect(flowNameMessage('validation.taken')).toBe('validation.taken');
    expect(flowNameMessage(undefined)).toBeUndefined();
  });

  it('is sent trimmed', () => {
    expect(flowNameInput({ name: '  Pós-venda ' })).toEqual({ name: 'Pós-venda' });
  });
});
