import { describe, expect, it } from '@jest/globals';
import { type FlowCampaign, flowCampaignSchema } from '@atendo/shared';
import { validateYupSchema, yupToFormErrors } from 'formik';
import { flowCampaignInput, formOf } from './flow-campaign-form';

const SAVED: FlowCampaign = {
  id: 4,
  companyId: 1,
  name: 'Black Friday',
  flowId: 10,
  whatsappId: 20,
  phrase: 'quero a promoção',
  status: false,
  flow: { id: 10, name: 'Vendas' },
  whatsapp: { id: 20, name: 'Loja' },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

async function errorsOf(values: ReturnType<typeof formOf>) {
  try {
    await validateYupSchema(values, flowCampaignSchema);
    return {};
  } catch (error) {
    return yupToFormErrors(error);
  }
}

describe('the flow campaign form', () => {
  it('starts a new campaign empty and active (spec 2 §4), and an existing one as saved', () => {
    expect(formOf(null)).toEqual({ name: '', flowId: '', whatsappId: '', phrase: '', status: true });
    expect(formOf(SAVED)).toEqual({
      name: 'Black Friday',
      flowId: '10',
      whatsappId: '20',
      phrase: 'quero a promoção',
      status: false,
    });
  });

  it('asks for the name, the flow, the connection and the phrase (spec 2 §5)', async () => {
    expect(await errorsOf(formOf(null))).toEqual({
      name: 'validation.required',
      flowId: 'validation.required',
      whatsappId: 'validation.required',
      phrase: 'validation.required',
    });
    expect(await errorsOf(formOf(SAVED))).toEqual({});
  });

  it('sends ids as numbers and texts trimmed, with the id when changing one', () => {
    const values = { ...formOf(SAVED), name: ' Black Friday 2026 ', phrase: ' quero a promoção ', status: true };
    expect(flowCampaignInput(values)).toEqual({
      name: 'Black Friday 2026',
      flowId: 10,
      whatsappId: 20,
      phrase: 'quero a promoção',
      status: true,
    });
    expect(flowCampaignInput(values, 4)).toEqual({
      id: 4,
      name: 'Black Friday 2026',
      flowId: 10,
      whatsappId: 20,
      phrase: 'quero a promoção',
      status: true,
    });
  });
});
