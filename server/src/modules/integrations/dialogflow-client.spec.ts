import { credentialsOf, DialogflowError, readDetect } from './dialogflow-client.js';

describe('credentialsOf', () => {
  it("keeps only the service account's e-mail and key, never its token_uri", () => {
    const json = JSON.stringify({
      type: 'service_account',
      project_id: 'p',
      private_key_id: 'abc',
      private_key: '-----BEGIN PRIVATE KEY-----\nX\n-----END PRIVATE KEY-----\n',
      client_email: 'bot@p.iam.gserviceaccount.com',
      token_uri: 'http://169.254.169.254/token',
    });
    expect(credentialsOf(json)).toEqual({
      client_email: 'bot@p.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nX\n-----END PRIVATE KEY-----\n',
    });
  });

  it.each(['not json', '[]', 'null', '{"client_email":"x"}', '{"client_email":"","private_key":"k"}'])(
    'refuses %p',
    (json) => {
      expect(() => credentialsOf(json)).toThrow(DialogflowError);
    },
  );
});

describe('readDetect', () => {
  it('reads the fulfilment messages in order, whether the intent ends the interaction, and its name', () => {
    expect(
      readDetect({
        responseId: 'r1',
        queryResult: {
          queryText: 'quero um atendente',
          fulfillmentText: 'Um momento.',
          fulfillmentMessages: [{ text: { text: ['Um momento.', ' Já chamo alguém. '] } }, { payload: {} }],
          intent: { displayName: 'Atendente', endInteraction: true },
        },
      }),
    ).toEqual({ texts: ['Um momento.', 'Já chamo alguém.'], end: true, intent: 'Atendente' });
  });

  it('falls back to fulfillmentText, and to nothing', () => {
    expect(readDetect({ queryResult: { fulfillmentText: 'Olá', fulfillmentMessages: [] } })).toEqual({
      texts: ['Olá'],
      end: false,
      intent: '',
    });
    expect(readDetect({})).toEqual({ texts: [], end: false, intent: '' });
  });
});
