import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import { In, Not, type DataSource, type EntityManager } from 'typeorm';
import type { SecretBox } from '../../../common/secret-box.js';
import { openAuthValue, sealAuthValue } from '../../whatsapp/auth-key-seal.js';
import { WhatsappAuthKeyEntity } from '../../whatsapp/entities/whatsapp-auth-key.entity.js';

/** The row holding the credentials; every other row is a signal key of type `type`. */
const CREDS = 'creds';
/**
 * Rows per statement: keeps every statement far below SQLite's bound-parameter limit and MySQL's
 * packet size, since Baileys uploads pre-keys and syncs app state in batches of hundreds.
 */
const CHUNK = 200;

export interface DatabaseAuthState {
  state: AuthenticationState;
  /** Persists `state.creds`; Baileys mutates the object in place and signals it with `creds.update`. */
  saveCreds(): Promise<void>;
  /** Deletes the creds and every key of the connection: the next start asks for a new QR. */
  wipe(): Promise<void>;
}

const serialize = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
const deserialize = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Baileys' auth state (creds and signal keys) kept in `whatsapp_auth_keys` instead of files, so the
 * server process that holds a connection's lease can resume the session without a new QR. Every
 * value is sealed with the server's SecretBox (see auth-key-seal.ts).
 *
 * Writes of one connection go through one queue: Baileys fires `creds.update` and key sets without
 * awaiting each other, and a later write must never be overtaken by an earlier one.
 */
export async function useDatabaseAuthState(
  db: DataSource,
  box: SecretBox,
  whatsappId: number,
): Promise<DatabaseAuthState> {
  const repo = db.getRepository(WhatsappAuthKeyEntity);
  let queue: Promise<unknown> = Promise.resolve();
  // Baileys may still emit creds or keys while a logged-out socket winds down; once wiped, a late
  // write must not resurrect the dead credentials (the next start would fail instead of showing a QR).
  let wiped = false;
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const upsert = async (
    manager: EntityManager,
    rows: Array<Pick<WhatsappAuthKeyEntity, 'type' | 'keyId' | 'value'>>,
  ) => {
    for (const part of chunks(rows)) {
      await manager.upsert(
        WhatsappAuthKeyEntity,
        part.map((row) => ({ ...row, whatsappId, value: sealAuthValue(box, { ...row, whatsappId }, row.value) })),
        { conflictPaths: ['whatsappId', 'type', 'keyId'], skipUpdateIfNoValuesChanged: false },
      );
    }
  };

  const stored = await repo.findOne({ where: { whatsappId, type: CREDS, keyId: CREDS } });
  const creds: AuthenticationCreds = stored
    ? deserialize<AuthenticationCreds>(openAuthValue(box, stored))
    : initAuthCreds();

  const get = async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
    const found: { [id: string]: SignalDataTypeMap[T] } = {};
    for (const part of chunks([...new Set(ids)])) {
      const rows = await repo.find({
        where: { whatsappId, type, keyId: In(part) },
        select: { keyId: true, value: true },
      });
      for (const row of rows) {
        const value = deserialize<SignalDataTypeMap[T]>(openAuthValue(box, { ...row, whatsappId, type }));
        // Baileys reads fields of this protobuf through its class, not a plain object.
        found[row.keyId] =
          type === 'app-state-sync-key' && value
            ? (proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T])
            : value;
      }
    }
    return found;
  };

  const set = (data: SignalDataSet) =>
    serial(async () => {
      if (wiped) return;
      await db.transaction(async (manager) => {
        for (const [type, entries] of Object.entries(data)) {
          if (!entries) continue;
          const removed: string[] = [];
          const written: Array<Pick<WhatsappAuthKeyEntity, 'type' | 'keyId' | 'value'>> = [];
          for (const [keyId, value] of Object.entries(entries)) {
            if (value === null || value === undefined) removed.push(keyId);
            else written.push({ type, keyId, value: serialize(value) });
          }
          for (const part of chunks(removed))
            await manager.delete(WhatsappAuthKeyEntity, { whatsappId, type, keyId: In(part) });
          await upsert(manager, written);
        }
      });
    });

  const clear = () =>
    serial(async () => {
      await repo.delete({ whatsappId, type: Not(CREDS) });
    });

  return {
    state: { creds, keys: { get, set, clear } },
    saveCreds: () =>
      serial(async () => {
        if (!wiped) await upsert(db.manager, [{ type: CREDS, keyId: CREDS, value: serialize(creds) }]);
      }),
    wipe: () =>
      serial(async () => {
        wiped = true;
        await repo.delete({ whatsappId });
      }),
  };
}
