import { ValidationError } from 'yup';
import {
  companySchema,
  contactSchema,
  loginSchema,
  queueSchema,
  settingValueSchema,
  signupSchema,
  strongPasswordSchema,
  ticketUpdateSchema,
  userCreateSchema,
  userUpdateSchema,
  whatsappSchema,
} from './index.js';

/** The failing fields of a value, with their message keys. */
async function failures(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const first: Record<string, string> = {};
    for (const e of error.inner)
      first[e.path!] ??= typeof e.message === 'object' ? (e.message as { key: string }).key : e.message;
    return first;
  }
}

describe('user form', () => {
  it('requires a name of 2 to 50, a valid e-mail and a password of 5 to 50 on creation', async () => {
    expect(await failures(userCreateSchema, { name: 'A', email: 'x', password: '1234' })).toEqual({
      name: 'validation.tooShort',
      email: 'validation.email',
      password: 'validation.tooShort',
    });
    expect(
      await failures(userCreateSchema, { name: 'x'.repeat(51), email: 'a@b.co', password: 'x'.repeat(51) }),
    ).toEqual({
      name: 'validation.tooLong',
      password: 'validation.tooLong',
    });
    expect(await failures(userCreateSchema, {})).toEqual({
      name: 'validation.required',
      email: 'validation.required',
      password: 'validation.required',
    });
  });

  it('keeps the bound as a parameter of the message', async () => {
    await expect(userCreateSchema.validateAt('name', { name: 'A' })).rejects.toMatchObject({
      message: { key: 'validation.tooShort', params: { min: 2 } },
    });
  });

  it('lets the password be left empty on update', async () => {
    expect(await failures(userUpdateSchema, { name: 'Ana', email: 'ana@x.io', password: '' })).toEqual({});
    expect(
      (await userUpdateSchema.validate({ name: 'Ana', email: 'ana@x.io', password: '' })).password,
    ).toBeUndefined();
  });

  it('refuses unknown profiles and allTicket values', async () => {
    expect(
      await failures(userCreateSchema, {
        name: 'Ana',
        email: 'a@b.co',
        password: '12345',
        profile: 'root',
        allTicket: 'yes',
      }),
    ).toEqual({
      profile: 'validation.oneOf',
      allTicket: 'validation.oneOf',
    });
  });

  it('normalises the e-mail', async () => {
    expect((await loginSchema.validate({ email: '  Ana@Example.COM ', password: 'x' })).email).toBe('ana@example.com');
  });
});

describe('sign-up', () => {
  it('requires a plan and checks the phone mask', async () => {
    expect(
      await failures(signupSchema, { name: 'Padaria', email: 'a@b.co', password: '12345', phone: '(11) 9123' }),
    ).toEqual({
      phone: 'validation.phone',
      planId: 'validation.required',
    });
    const ok = await signupSchema.validate({
      name: 'Padaria',
      email: 'a@b.co',
      password: '12345',
      phone: '(11) 91234-5678',
      planId: 1,
    });
    expect(ok.phone).toBe('11912345678');
  });
});

describe('other forms', () => {
  it('queue: name 2-50, colour 3-9 and a real colour', async () => {
    expect(await failures(queueSchema, { name: 'Q', color: 'xx' })).toEqual({
      name: 'validation.tooShort',
      color: 'validation.tooShort',
    });
    expect(await failures(queueSchema, { name: 'Sales', color: 'purple' })).toEqual({ color: 'validation.color' });
    expect(await failures(queueSchema, { name: 'Sales', color: '#1273DE' })).toEqual({});
  });

  it('connection: name 2-50 and the entity defaults', async () => {
    expect(await failures(whatsappSchema, { name: 'W' })).toEqual({ name: 'validation.tooShort' });
    expect(await whatsappSchema.validate({ name: 'Main' })).toMatchObject({
      maxUseBotQueues: 3,
      expiresTicket: 0,
      timeUseBotQueues: 0,
      provider: 'beta',
    });
  });

  it('company: an empty or invalid due date becomes null', async () => {
    const base = { name: 'Acme', email: 'a@b.co', planId: 1 };
    expect((await companySchema.validate({ ...base, dueDate: '' })).dueDate).toBeNull();
    expect((await companySchema.validate({ ...base, dueDate: 'not a date' })).dueDate).toBeNull();
    expect((await companySchema.validate({ ...base, dueDate: '2030-01-31' })).dueDate).toBeInstanceOf(Date);
  });

  it('reset password: 8+ with a digit, a lowercase and an uppercase letter', async () => {
    for (const bad of ['Short1', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      await expect(strongPasswordSchema.validate(bad)).rejects.toBeInstanceOf(ValidationError);
    }
    await expect(strongPasswordSchema.validate('Valid1Password')).resolves.toBe('Valid1Password');
  });

  it('contact extra info: what its one TEXT column (64 KiB) holds, even written as JSON escapes', async () => {
    const contact = { name: 'Ana', number: '5511987654321' };
    const entry = { name: 'n'.repeat(100), value: '\u0000'.repeat(400) };
    const extraInfo = Array.from({ length: 20 }, () => entry);
    expect(Buffer.byteLength(JSON.stringify(extraInfo))).toBeLessThan(65_535);
    await expect(contactSchema.validate({ ...contact, extraInfo })).resolves.toBeTruthy();
    expect(await failures(contactSchema, { ...contact, extraInfo: [...extraInfo, entry] })).toEqual({
      extraInfo: 'validation.max',
    });
    expect(
      await failures(contactSchema, { ...contact, extraInfo: [{ name: 'n'.repeat(101), value: 'v'.repeat(401) }] }),
    ).toEqual({ 'extraInfo[0].name': 'validation.tooLong', 'extraInfo[0].value': 'validation.tooLong' });
  });

  it('settings: only the allowed values of each key', async () => {
    await expect(settingValueSchema('userRating').validate('enabled')).resolves.toBe('enabled');
    await expect(settingValueSchema('userRating').validate('on')).rejects.toBeInstanceOf(ValidationError);
    await expect(settingValueSchema('scheduleType').validate('company')).resolves.toBe('company');
    await expect(settingValueSchema('asaas').validate('any-api-key')).resolves.toBe('any-api-key');
  });
});

describe("the existing clients' empty values", () => {
  it('read false and "" as no record, and still refuse what is not an id', async () => {
    const user = { name: 'Ana', email: 'ana@acme.test', password: 'secret' };
    for (const none of [false, '', null]) {
      expect((await userCreateSchema.validate({ ...user, whatsappId: none })).whatsappId).toBeNull();
      expect(
        (await userUpdateSchema.validate({ name: 'Ana', email: 'ana@acme.test', whatsappId: none })).whatsappId,
      ).toBeNull();
      const queue = await queueSchema.validate({
        name: 'Sales',
        color: '#00ff00',
        integrationId: none,
        promptId: none,
      });
      expect([queue.integrationId, queue.promptId]).toEqual([null, null]);
      const update = await ticketUpdateSchema.validate({ status: 'closed', promptId: none, integrationId: none });
      expect([update.promptId, update.integrationId]).toEqual([null, null]);
    }
    expect((await ticketUpdateSchema.validate({ queueId: '7' })).queueId).toBe(7);
    expect(await failures(userCreateSchema, { ...user, whatsappId: true })).toEqual({
      whatsappId: 'validation.number',
    });
    expect(await failures(queueSchema, { name: 'Sales', color: '#00ff00', promptId: 'abc' })).toEqual({
      promptId: 'validation.number',
    });
    expect(await failures(ticketUpdateSchema, { integrationId: -3 })).toEqual({ integrationId: 'validation.integer' });
  });
});
