import { proto, WAMessageStubType, type WAMessage, type WAMessageContent } from '@whiskeysockets/baileys';
import {
  ackFromReceipt,
  ackFromStatus,
  locationBody,
  mapChange,
  mapContent,
  messageDate,
} from './baileys-message.mapper.js';

const msg = (message: WAMessageContent | undefined, extra: Partial<WAMessage> = {}): WAMessage => ({
  key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'ABC' },
  messageTimestamp: 1_700_000_000,
  message,
  ...extra,
});

const VCARD = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;waid=5511911112222:+55 11 91111-2222\nEND:VCARD';

describe('mapContent', () => {
  it('maps plain and extended text to chat', () => {
    expect(mapContent(msg({ conversation: 'hello' }))).toEqual({ mediaType: 'chat', body: 'hello' });
    expect(mapContent(msg({ extendedTextMessage: { text: 'see https://x.y' } }))).toEqual({
      mediaType: 'chat',
      body: 'see https://x.y',
    });
  });

  it('takes the quoted message id from the context info', () => {
    const reply = msg({ extendedTextMessage: { text: 'yes', contextInfo: { stanzaId: 'Q1', participant: 'x' } } });
    expect(mapContent(reply)).toEqual({ mediaType: 'chat', body: 'yes', quotedProviderId: 'Q1' });
    const imageReply = msg({ imageMessage: { mimetype: 'image/png', contextInfo: { stanzaId: 'Q2' } } });
    expect(mapContent(imageReply)?.quotedProviderId).toBe('Q2');
  });

  it('maps images with their caption, stickers as images', () => {
    expect(mapContent(msg({ imageMessage: { caption: 'receipt', mimetype: 'image/jpeg' } }))).toEqual({
      mediaType: 'image',
      body: 'receipt',
      media: { mimetype: 'image/jpeg' },
    });
    expect(mapContent(msg({ stickerMessage: { mimetype: 'image/webp' } }))).toEqual({
      mediaType: 'image',
      body: '',
      media: { mimetype: 'image/webp' },
    });
  });

  it('maps videos (and round video notes) with their caption', () => {
    expect(mapContent(msg({ videoMessage: { caption: 'clip', mimetype: 'video/mp4' } }))).toEqual({
      mediaType: 'video',
      body: 'clip',
      media: { mimetype: 'video/mp4' },
    });
    expect(mapContent(msg({ ptvMessage: { mimetype: 'video/mp4' } }))?.mediaType).toBe('video');
  });

  it('maps audio files and voice notes to audio', () => {
    const voice = mapContent(msg({ audioMessage: { ptt: true, mimetype: 'audio/ogg; codecs=opus', seconds: 4 } }));
    expect(voice).toEqual({ mediaType: 'audio', body: '', media: { mimetype: 'audio/ogg; codecs=opus' } });
    expect(mapContent(msg({ audioMessage: { mimetype: 'audio/mpeg' } }))?.media?.mimetype).toBe('audio/mpeg');
  });

  it('maps documents with the file name (or caption) as body, also when wrapped with a caption', () => {
    expect(mapContent(msg({ documentMessage: { fileName: 'invoice.pdf', mimetype: 'application/pdf' } }))).toEqual({
      mediaType: 'application',
      body: 'invoice.pdf',
      media: { mimetype: 'application/pdf', filename: 'invoice.pdf' },
    });
    const withCaption = msg({
      documentWithCaptionMessage: {
        message: { documentMessage: { fileName: 'contract.pdf', caption: 'please sign', mimetype: 'application/pdf' } },
      },
    });
    expect(mapContent(withCaption)).toEqual({
      mediaType: 'application',
      body: 'please sign',
      media: { mimetype: 'application/pdf', filename: 'contract.pdf' },
    });
  });

  it('maps a location to the pipe-separated body: thumbnail image, map link, description', () => {
    const thumb = new Uint8Array([0xff, 0xd8, 0xff]);
    const mapped = mapContent(
      msg({
        locationMessage: {
          degreesLatitude: -23.5505,
          degreesLongitude: -46.6333,
          name: 'Shop',
          address: 'Av. Paulista, 1000',
          jpegThumbnail: thumb,
        },
      }),
    );
    expect(mapped).toEqual({
      mediaType: 'locationMessage',
      body: `data:image/jpeg;base64,${Buffer.from(thumb).toString('base64')}|https://maps.google.com/maps?q=-23.5505,-46.6333&z=17|Shop\nAv. Paulista, 1000`,
    });
    expect(mapContent(msg({ liveLocationMessage: { degreesLatitude: 1.5, degreesLongitude: 2.5 } }))).toEqual({
      mediaType: 'locationMessage',
      body: '|https://maps.google.com/maps?q=1.5,2.5&z=17',
    });
    expect(locationBody(1, 2, 'QUJD', 'desc')).toBe(
      'data:image/jpeg;base64,QUJD|https://maps.google.com/maps?q=1,2&z=17|desc',
    );
  });

  it('maps a contact card to its vcard and several cards to their vcards joined', () => {
    expect(mapContent(msg({ contactMessage: { displayName: 'Ana', vcard: VCARD } }))).toEqual({
      mediaType: 'contactMessage',
      body: VCARD,
    });
    const two = VCARD.replace('Ana', 'Bia');
    expect(
      mapContent(
        msg({ contactsArrayMessage: { displayName: '2 contacts', contacts: [{ vcard: VCARD }, { vcard: two }] } }),
      ),
    ).toEqual({ mediaType: 'contactMessage', body: `${VCARD}\n${two}` });
  });

  it('maps call logs: missed-call stubs, call log messages and group call offers', () => {
    expect(mapContent(msg(undefined, { messageStubType: WAMessageStubType.CALL_MISSED_VOICE }))).toEqual({
      mediaType: 'call_log',
      body: 'Missed voice call',
    });
    expect(mapContent(msg(undefined, { messageStubType: WAMessageStubType.CALL_MISSED_GROUP_VIDEO }))?.body).toBe(
      'Missed video call',
    );
    const answered = msg({
      callLogMesssage: {
        isVideo: false,
        callOutcome: proto.Message.CallLogMessage.CallOutcome.CONNECTED,
        durationSecs: 125,
      },
    });
    expect(mapContent(answered)).toEqual({ mediaType: 'call_log', body: 'Voice call (2:05)' });
    expect(mapContent(msg({ call: { callKey: new Uint8Array([1]) } }))?.mediaType).toBe('call_log');
  });

  it('unwraps ephemeral and view-once wrappers', () => {
    expect(mapContent(msg({ ephemeralMessage: { message: { conversation: 'vanishing' } } }))).toEqual({
      mediaType: 'chat',
      body: 'vanishing',
    });
    const viewOnce = msg({
      viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg', viewOnce: true } } },
    });
    expect(mapContent(viewOnce)?.mediaType).toBe('image');
    const both = msg({
      ephemeralMessage: { message: { viewOnceMessage: { message: { videoMessage: { caption: 'v' } } } } },
    });
    expect(mapContent(both)).toMatchObject({ mediaType: 'video', body: 'v' });
  });

  it('maps answers to buttons and lists to their text', () => {
    expect(
      mapContent(msg({ buttonsResponseMessage: { selectedDisplayText: 'Sales', selectedButtonId: '1' } })),
    ).toEqual({ mediaType: 'chat', body: 'Sales' });
    expect(mapContent(msg({ listResponseMessage: { title: 'Option 2' } }))?.body).toBe('Option 2');
  });

  it('shows nothing for protocol messages, reactions, key distribution, notices and empty messages', () => {
    const revoke = { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'X' } } };
    expect(mapContent(msg(revoke))).toBeUndefined();
    expect(mapContent(msg({ reactionMessage: { text: '👍', key: { id: 'X' } } }))).toBeUndefined();
    expect(mapContent(msg({ senderKeyDistributionMessage: { groupId: 'g' } }))).toBeUndefined();
    expect(mapContent(msg(undefined, { messageStubType: WAMessageStubType.GROUP_PARTICIPANT_ADD }))).toBeUndefined();
    expect(mapContent(msg(undefined))).toBeUndefined();
    expect(mapContent(msg({ conversation: '' }))).toBeUndefined();
  });
});

describe('mapChange', () => {
  const Type = proto.Message.ProtocolMessage.Type;

  it('maps a revoke to the revoked message id', () => {
    expect(mapChange(msg({ protocolMessage: { type: Type.REVOKE, key: { id: 'OLD' } } }))).toEqual({
      kind: 'revoke',
      providerId: 'OLD',
    });
  });

  it('maps an edit, bare or inside the editedMessage wrapper, to the new text', () => {
    const edit = {
      protocolMessage: { type: Type.MESSAGE_EDIT, key: { id: 'OLD' }, editedMessage: { conversation: 'fixed' } },
    };
    expect(mapChange(msg(edit))).toEqual({ kind: 'edit', providerId: 'OLD', body: 'fixed' });
    const wrapped = {
      editedMessage: {
        message: {
          protocolMessage: {
            type: Type.MESSAGE_EDIT,
            key: { id: 'OLD2' },
            editedMessage: { imageMessage: { caption: 'new caption' } },
          },
        },
      },
    };
    expect(mapChange(msg(wrapped))).toEqual({ kind: 'edit', providerId: 'OLD2', body: 'new caption' });
  });

  it('ignores other protocol messages and ordinary messages', () => {
    expect(
      mapChange(msg({ protocolMessage: { type: Type.EPHEMERAL_SETTING, ephemeralExpiration: 86400 } })),
    ).toBeUndefined();
    expect(mapChange(msg({ conversation: 'hi' }))).toBeUndefined();
  });
});

describe('acks', () => {
  const Status = proto.WebMessageInfo.Status;

  it('keeps Baileys status numbers 1-5 (PENDING, SERVER_ACK, DELIVERY_ACK, READ, PLAYED) and drops ERROR', () => {
    expect(ackFromStatus(Status.PENDING)).toBe(1);
    expect(ackFromStatus(Status.SERVER_ACK)).toBe(2);
    expect(ackFromStatus(Status.DELIVERY_ACK)).toBe(3);
    expect(ackFromStatus(Status.READ)).toBe(4);
    expect(ackFromStatus(Status.PLAYED)).toBe(5);
    expect(ackFromStatus(Status.ERROR)).toBeUndefined();
    expect(ackFromStatus(undefined)).toBeUndefined();
  });

  it('turns group receipts into delivered, read or played', () => {
    expect(ackFromReceipt({ userJid: 'a', receiptTimestamp: 1 })).toBe(3);
    expect(ackFromReceipt({ userJid: 'a', receiptTimestamp: 1, readTimestamp: 2 })).toBe(4);
    expect(ackFromReceipt({ userJid: 'a', playedTimestamp: 3 })).toBe(5);
    expect(ackFromReceipt({ userJid: 'a' })).toBeUndefined();
  });
});

describe('messageDate', () => {
  it('reads seconds (number or Long) and falls back to now', () => {
    expect(messageDate(1_700_000_000).toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(messageDate(undefined, 5_000).getTime()).toBe(5_000);
  });
});
