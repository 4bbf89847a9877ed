import {
  CAMPAIGN_TRANSITIONS,
  campaignSettingsFromRows,
  fillCampaignMessage,
  filledSlots,
  isCampaignEditable,
} from './campaigns.types.js';
import { campaignSchema } from './campaigns.schema.js';

describe('campaign rules', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('is editable as INATIVA, or PROGRAMADA more than an hour ahead (spec §4)', () => {
    expect(isCampaignEditable('INATIVA', null, now)).toBe(true);
    expect(isCampaignEditable('PROGRAMADA', '2026-11-24T13:00:01Z', now)).toBe(true);
    expect(isCampaignEditable('PROGRAMADA', '2026-11-24T12:59:59Z', now)).toBe(false);
    for (const status of ['EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const) {
      expect(isCampaignEditable(status, '2026-12-24T12:00:00Z', now)).toBe(false);
    }
  });

  it('cancels running or programmed campaigns and restarts cancelled ones only', () => {
    expect(CAMPAIGN_TRANSITIONS.cancel.from).toEqual(['EM_ANDAMENTO', 'PROGRAMADA']);
    expect(CAMPAIGN_TRANSITIONS.restart).toEqual({ from: ['CANCELADA'], to: 'EM_ANDAMENTO' });
  });

  it('draws variants among the filled messages only', () => {
    expect(filledSlots(['Oi', '', '  ', 'Olá', ''])).toEqual([1, 4]);
    expect(filledSlots(['', '', '', '', ''])).toEqual([]);
  });

  it("fills the contact's fields and the settings' variables, leaving unknown ones as written", () => {
    const text = '{primeiroNome}, {nome} ({numero}, {email}): cupom {cupom} em {loja} {desconhecida}';
    expect(
      fillCampaignMessage(text, { name: ' Ana  Maria ', number: '5511987654321', email: null }, [
        { key: 'cupom', value: 'BF10' },
        { key: 'loja', value: 'Centro' },
      ]),
    ).toBe('Ana, Ana  Maria (5511987654321, ): cupom BF10 em Centro {desconhecida}');
  });

  it('reads the settings rows the existing clients use, keeping defaults for what is missing or broken', () => {
    expect(
      campaignSettingsFromRows([
        { key: 'messageInterval', value: '5' },
        { key: 'variables', value: '[{"key":"a","value":"1"}]' },
        { key: 'greaterInterval', value: 'not json' },
        { key: 'constructor', value: '1' },
      ]),
    ).toEqual({
      messageInterval: 5,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      dailyLimit: 0,
      variables: [{ key: 'a', value: '1' }],
    });
  });

  it('asks a campaign given a time for its connection, audience and first message', async () => {
    const errors = await campaignSchema
      .validate({ name: 'Natal', scheduledAt: now.toISOString(), confirmation: true }, { abortEarly: false })
      .catch((e: { inner: { path: string }[] }) => e.inner.map((i) => i.path).sort());
    expect(errors).toEqual(['confirmationMessage1', 'contactListId', 'message1', 'whatsappId']);
    await expect(campaignSchema.validate({ name: 'Rascunho' })).resolves.toMatchObject({ scheduledAt: null });
    await expect(
      campaignSchema.validate({ name: 'Por tag', scheduledAt: now, message1: 'Oi', whatsappId: 1, tagListId: 3 }),
    ).resolves.toMatchObject({ tagListId: 3, contactListId: null });
  });
});
