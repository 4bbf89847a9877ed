import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  CAMPAIGN_PAUSE_REASONS,
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignReport,
  type CampaignsPage,
  type CampaignTotals,
  LANGUAGES,
  type SessionUser,
  V,
} from '@atendo/shared';
import { resources } from '../../locales/all';
import { type MenuContext, visibleEntries } from '../shell/menu';
import { campaignFormValues, campaignInput, defaultConnectionId, validateCampaignForm } from './campaign-form';
import {
  campaignFieldEditable,
  campaignFormAccess,
  campaignRowActions,
  listProgress,
  percentOf,
  reportProgress,
} from './campaign-rules';
import { addVariable, settingsFormErrors } from './campaign-settings';
import { writeCampaignChange, writeReportChange } from './campaigns.api';
import { finishReload, REPORT_RELOAD_AFTER_FINISH_MS } from './report-reload';

const NOW = new Date('2030-05-10T12:00:00Z');
const HOUR = 60 * 60 * 1000;

const totals = (changes: Partial<CampaignTotals> = {}): CampaignTotals => ({
  contacts: 10,
  valid: 8,
  invalid: 2,
  pending: 5,
  awaitingConfirmation: 0,
  sent: 3,
  delivered: 2,
  read: 1,
  failed: 0,
  ...changes,
});

const campaign = (changes: Partial<Campaign> = {}): Campaign => ({
  id: 1,
  companyId: 1,
  name: 'Black friday',
  message1: 'Oi {nome}',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  status: 'INATIVA',
  scheduledAt: null,
  completedAt: null,
  whatsappId: 4,
  contactListId: 6,
  tagId: null,
  fileListId: null,
  mediaPath: null,
  mediaName: null,
  confirmation: false,
  confirmationMessage1: '',
  confirmationMessage2: '',
  confirmationMessage3: '',
  confirmationMessage4: '',
  confirmationMessage5: '',
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  contactList: { id: 6, name: 'Clientes' },
  tag: null,
  fileList: null,
  whatsapp: { id: 4, name: 'Vendas' },
  ...changes,
});

describe('campaign row actions', () => {
  it('stops a running or programmed campaign, restarts a cancelled one, deletes any not running', () => {
    const shown = Object.fromEntries(CAMPAIGN_STATUSES.map((status) => [status, campaignRowActions(status)]));
    expect(shown).toEqual({
      INATIVA: { cancel: false, restart: false, deletable: true },
      PROGRAMADA: { cancel: true, restart: false, deletable: true },
      EM_ANDAMENTO: { cancel: true, restart: false, deletable: false },
      CANCELADA: { cancel: false, restart: true, deletable: true },
      FINALIZADA: { cancel: false, restart: false, deletable: true },
    });
  });
});

describe('campaign form access (spec §4)', () => {
  const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

  it('opens a new campaign, a draft and one programmed more than an hour ahead for every change', () => {
    expect(campaignFormAccess(null, NOW)).toBe('all');
    expect(campaignFormAccess(campaign(), NOW)).toBe('all');
    expect(campaignFormAccess(campaign({ status: 'PROGRAMADA', scheduledAt: at(2 * HOUR) }), NOW)).toBe('all');
  });

  it('keeps one starting within the hour, running or finished read-only', () => {
    expect(campaignFormAccess(campaign({ status: 'PROGRAMADA', scheduledAt: at(30 * 60 * 1000) }), NOW)).toBe('none');
    expect(campaignFormAccess(campaign({ status: 'EM_ANDAMENTO', scheduledAt: at(-HOUR) }), NOW)).toBe('none');
    expect(campaignFormAccess(campaign({ status: 'FINALIZADA', scheduledAt: at(-HOUR) }), NOW)).toBe('none');
  });

  it('lets a cancelled campaign change its messages and confirmation messages only', () => {
    const access = campaignFormAccess(campaign({ status: 'CANCELADA', scheduledAt: at(-HOUR) }), NOW);
    expect(access).toBe('messages');
    for (const field of ['message1', 'message5', 'confirmationMessage1', 'confirmationMessage5']) {
      expect(campaignFieldEditable(access, field)).toBe(true);
    }
    for (const field of ['name', 'whatsappId', 'contactListId', 'scheduledAt', 'confirmation', 'media']) {
      expect(campaignFieldEditable(access, field)).toBe(false);
    }
    expect(campaignFieldEditable('all', 'media')).toBe(true);
    expect(campaignFieldEditable('none', 'message1')).toBe(false);
  });
});

describe('campaign progress', () => {
  it('shows sent over valid contacts in the list while the campaign runs, and nothing otherwise', () => {
    expect(listProgress({ status: 'EM_ANDAMENTO', totals: totals({ sent: 2, valid: 8 }) })).toEqual({
      done: 2,
      of: 8,
      ratio: 0.25,
    });
    expect(listProgress({ status: 'PROGRAMADA', totals: totals() })).toBeNull();
    expect(listProgress({ status: 'FINALIZADA', totals: totals() })).toBeNull();
    expect(listProgress({ status: 'EM_ANDAMENTO', totals: undefined })).toBeNull();
    expect(listProgress({ status: 'EM_ANDAMENTO', totals: totals({ sent: 0, valid: 0 }) })?.ratio).toBe(0);
  });

  it('counts sent, failed and invalid contacts over all of them in the report, never past 100 %', () => {
    const bar = reportProgress(totals({ contacts: 200, sent: 120, failed: 9, invalid: 3 }));
    expect(bar).toEqual({ done: 132, of: 200, ratio: 0.66 });
    expect(percentOf(bar)).toBe(66);
    expect(percentOf(reportProgress(totals({ contacts: 1000, sent: 999, failed: 0, invalid: 0 })))).toBe(99);
    expect(reportProgress(totals({ contacts: 0, sent: 0, failed: 0, invalid: 0 })).ratio).toBe(0);
    expect(reportProgress(totals({ contacts: 2, sent: 3, failed: 0, invalid: 0 })).ratio).toBe(1);
  });
});

describe('live campaign changes', () => {
  const loaded = (): { pages: CampaignsPage[] } => ({
    pages: [
      {
        records: [campaign({ id: 3, name: 'Natal' }), campaign({ id: 2, status: 'EM_ANDAMENTO', totals: totals() })],
        count: 3,
        hasMore: true,
      },
      { records: [campaign({ id: 1, name: 'Páscoa' })], count: 3, hasMore: false },
    ],
  });
  const row = (data: { pages: CampaignsPage[] }, id: number) =>
    data.pages.flatMap((page) => page.records).find((record) => record.id === id);

  it("writes a running campaign's counts into its row where it is", () => {
    const data = loaded();
    writeCampaignChange(
      data,
      { action: 'update', row: campaign({ id: 2, status: 'EM_ANDAMENTO', totals: totals({ sent: 7, pending: 1 }) }) },
      '',
    );
    expect(row(data, 2)?.totals).toEqual(totals({ sent: 7, pending: 1 }));
    expect(data.pages[0].records.map((record) => record.id)).toEqual([3, 2]);
    expect(data.pages[0].count).toBe(3);
  });

  it('keeps the counts and names a change leaves out (a save answers without counts)', () => {
    const data = loaded();
    const { contactList: _list, whatsapp: _connection, ...bare } = campaign({ id: 2, status: 'CANCELADA' });
    writeCampaignChange(data, { action: 'update', row: { ...bare, totals: undefined } as Campaign }, '');
    expect(row(data, 2)).toMatchObject({
      status: 'CANCELADA',
      totals: totals(),
      contactList: { id: 6, name: 'Clientes' },
      whatsapp: { id: 4, name: 'Vendas' },
    });
  });

  it('puts a new campaign first in the searches its name matches, and takes a deleted one out', () => {
    const all = loaded();
    writeCampaignChange(all, { action: 'create', row: campaign({ id: 9, name: 'Dia das mães' }) }, '');
    expect(all.pages[0].records.map((record) => record.id)).toEqual([9, 3, 2]);
    expect(all.pages[0].count).toBe(4);

    const search = loaded();
    writeCampaignChange(search, { action: 'create', row: campaign({ id: 9, name: 'Dia das mães' }) }, 'natal');
    expect(search.pages[0].records.map((record) => record.id)).toEqual([3, 2]);

    writeCampaignChange(all, { action: 'delete', id: 1 }, '');
    expect(row(all, 1)).toBeUndefined();
    expect(all.pages[0].count).toBe(3);
  });

  it("moves the report's campaign and counts with its updates", () => {
    const report: CampaignReport = {
      campaign: campaign({ id: 2, status: 'EM_ANDAMENTO', totals: totals() }),
      totals: totals(),
      pacing: null,
      failures: [],
    };
    writeReportChange(report, campaign({ id: 2, status: 'EM_ANDAMENTO', totals: totals({ sent: 5 }) }));
    expect(report.totals.sent).toBe(5);
    writeReportChange(report, campaign({ id: 2, status: 'CANCELADA', totals: undefined }));
    expect(report.campaign.status).toBe('CANCELADA');
    expect(report.totals.sent).toBe(5);
    expect(report.campaign.totals?.sent).toBe(5);
  });
});

describe('report reload after the campaign finishes (spec §4)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('loads the report again 5 s after a FINALIZADA update of its campaign, once', () => {
    const reload = jest.fn();
    const reloader = finishReload(2, reload);
    reloader.heard({ action: 'update', record: campaign({ id: 2, status: 'EM_ANDAMENTO' }) });
    reloader.heard({ action: 'update', record: campaign({ id: 3, status: 'FINALIZADA' }) });
    reloader.heard({ action: 'delete', id: 2 });
    jest.advanceTimersByTime(REPORT_RELOAD_AFTER_FINISH_MS * 2);
    expect(reload).not.toHaveBeenCalled();

    reloader.heard({ action: 'update', record: campaign({ id: 2, status: 'FINALIZADA' }) });
    jest.advanceTimersByTime(4000);
    // Another update while one is pending does not push the reload back nor add one.
    reloader.heard({ action: 'update', record: campaign({ id: 2, status: 'FINALIZADA' }) });
    jest.advanceTimersByTime(999);
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(REPORT_RELOAD_AFTER_FINISH_MS * 2);
    expect(reload).toHaveBeenCalledTimes(1);

    reloader.heard({ action: 'update', record: campaign({ id: 2, status: 'FINALIZADA' }) });
    jest.advanceTimersByTime(REPORT_RELOAD_AFTER_FINISH_MS);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('drops a pending reload when the page goes away', () => {
    const reload = jest.fn();
    const reloader = finishReload(2, reload);
    reloader.heard({ action: 'update', record: campaign({ id: 2, status: 'FINALIZADA' }) });
    reloader.stop();
    jest.advanceTimersByTime(REPORT_RELOAD_AFTER_FINISH_MS * 2);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('campaign form', () => {
  it('asks a draft for its name only', async () => {
    const values = { ...campaignFormValues(null), name: 'Rascunho' };
    expect(await validateCampaignForm(values)).toEqual({});
    expect(campaignInput(values)).toMatchObject({ scheduledAt: null, whatsappId: null, contactListId: null });
  });

  it('asks a campaign given a start for a connection, an audience and a first message', async () => {
    const values = { ...campaignFormValues(null), name: 'Natal', scheduledDate: '20/12/2030', scheduledTime: '09:30' };
    const errors = await validateCampaignForm(values);
    expect(Object.keys(errors).sort()).toEqual(['contactListId', 'message1', 'whatsappId']);
    // With the tag chosen as the audience, a missing one shows under the tag's select.
    expect(Object.keys(await validateCampaignForm({ ...values, audience: 'tag' })).sort()).toEqual([
      'message1',
      'tagListId',
      'whatsappId',
    ]);
    expect(
      await validateCampaignForm({ ...values, whatsappId: '4', audience: 'tag', tagListId: '7', message1: 'Oi' }),
    ).toEqual({});
  });

  it("starts a new campaign on the company's default connection, an existing one on its own", () => {
    const connections = [
      { id: 3, isDefault: false },
      { id: 5, isDefault: true },
    ];
    expect(defaultConnectionId(connections)).toBe(5);
    expect(defaultConnectionId([{ id: 3, isDefault: false }])).toBeNull();
    expect(defaultConnectionId(undefined)).toBeNull();
    expect(campaignFormValues(null, 5).whatsappId).toBe('5');
    expect(campaignFormValues(campaign({ whatsappId: null }), 5).whatsappId).toBe('');
  });

  it('sends now: the start is the moment of saving, with no date or time to type', async () => {
    const values = { ...campaignFormValues(null, 5), name: 'Agora', sendNow: true, contactListId: '6' };
    expect(await validateCampaignForm(values)).toEqual({ message1: V.required });
    const now = new Date(2030, 0, 2, 10, 15, 30);
    expect(campaignInput({ ...values, message1: 'Oi' }, now)).toMatchObject({
      scheduledAt: now.toISOString(),
      whatsappId: 5,
      contactListId: 6,
    });
  });

  it('wants the date and the time of the start together', async () => {
    const values = { ...campaignFormValues(null), name: 'Natal' };
    expect(await validateCampaignForm({ ...values, scheduledDate: '20/12/2030' })).toEqual({
      scheduledTime: V.required,
    });
    expect(await validateCampaignForm({ ...values, scheduledTime: '09:30' })).toEqual({ scheduledDate: V.required });
    // Typed dd/MM/yyyy whatever the browser's locale: an impossible day or time is refused, never read another way.
    const at = (scheduledDate: string, scheduledTime: string) =>
      validateCampaignForm({ ...values, scheduledDate, scheduledTime });
    expect((await at('31/02/2030', '09:30')).scheduledDate).toBe(V.date);
    expect((await at('05/13/2030', '09:30')).scheduledDate).toBe(V.date);
    expect((await at('20/12/2030', '25:00')).scheduledTime).toBe(V.time);
  });

  it('sends the start in local time and only the audience chosen', () => {
    const values = {
      ...campaignFormValues(campaign({ contactListId: 6, tagId: 7 })),
      audience: 'tag' as const,
      scheduledDate: '20/12/2030',
      scheduledTime: '09:30',
    };
    const input = campaignInput(values);
    expect(input.scheduledAt).toBe(new Date(2030, 11, 20, 9, 30).toISOString());
    expect(input).toMatchObject({ contactListId: null, tagListId: 7, whatsappId: 4 });
  });

  it('reads a stored campaign back into the inputs', () => {
    const start = new Date(2030, 11, 20, 9, 30);
    const values = campaignFormValues(campaign({ scheduledAt: start.toISOString(), contactListId: null, tagId: 7 }));
    expect(values).toMatchObject({
      scheduledDate: '20/12/2030',
      scheduledTime: '09:30',
      audience: 'tag',
      tagListId: '7',
      whatsappId: '4',
    });
  });
});

describe('campaign variables', () => {
  const table = [{ key: 'loja', value: 'Centro' }];

  it('adds a new key, trimmed, and not one already in the table (spec §9)', () => {
    expect(addVariable(table, ' cupom ', 'NATAL10')).toEqual({
      variables: [...table, { key: 'cupom', value: 'NATAL10' }],
    });
    expect(addVariable(table, 'loja', 'Norte')).toEqual({ error: 'campaigns.settings.keyExists' });
  });

  it('refuses keys the messages could not hold', () => {
    expect(addVariable(table, '', 'x')).toEqual({ error: V.required });
    expect(addVariable(table, 'dois nomes', 'x')).toEqual({ error: V.invalid });
    expect(addVariable(table, '{chave}', 'x')).toEqual({ error: V.invalid });
  });

  it("places a refused save's field errors under the settings form's fields", () => {
    expect(settingsFormErrors({ 'settings.dailyLimit': V.min, 'settings.variables[1].key': V.invalid })).toEqual({
      dailyLimit: V.min,
      variables: [undefined, { key: V.invalid }],
    });
  });
});

describe('campaign texts', () => {
  it('names every status, figure, pause reason and setting in every language', () => {
    const built = [
      ...CAMPAIGN_STATUSES.map((status) => `status.${status}`),
      ...Object.keys(totals())
        .filter((key) => key !== 'contacts')
        .map((key) => `report.figures.${key}`),
      ...CAMPAIGN_PAUSE_REASONS.map((reason) => `report.paused.${reason}`),
      ...['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'dailyLimit'].flatMap((field) => [
        `settings.fields.${field}`,
        `settings.hints.${field}`,
      ]),
    ];
    for (const lang of LANGUAGES) {
      const tree = (resources[lang].translation as Record<string, unknown>).campaigns;
      const missing = built.filter(
        (path) =>
          typeof path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree) !==
          'string',
      );
      expect(missing).toEqual([]);
    }
  });
});

describe('campaign menu entries', () => {
  it('lists the campaigns and their settings beside the contact lists, for admins with campaigns shown', () => {
    const admin = { profile: 'admin', super: false } as SessionUser;
    const paths = (changes: Partial<MenuContext>) =>
      visibleEntries({
        user: admin,
        plan: { useCampaigns: true },
        cshow: true,
        connectionWarning: false,
        chatUnread: false,
        ...changes,
      })
        .map((entry) => entry.path)
        .filter((path) => ['/campaigns', '/contact-lists', '/campaigns-config'].includes(path));
    expect(paths({})).toEqual(['/campaigns', '/contact-lists', '/campaigns-config']);
    expect(paths({ cshow: false })).toEqual([]);
    expect(paths({ plan: { useCampaigns: false } })).toEqual([]);
    expect(paths({ user: { profile: 'supervisor', super: false } as SessionUser })).toEqual([]);
  });
});
