import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SettingKey } from '@atendo/shared';
import { settingValue } from '@atendo/shared';
import { DataSource, In } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { OUTBOUND_PORT, type OutboundPort, type PeerRef } from '../gateway/gateway.types.js';
import { SettingEntity } from '../settings/entities/setting.entity.js';
import type { ContactEntity } from './entities/contact.entity.js';

/**
 * The gateway's send port, when the gateway is part of this build. Without it (or without a live
 * session, which the gateway reports itself) sending answers ERR_WAPP_NOT_INITIALIZED.
 */
@Injectable()
export class Outbound {
  constructor(@Optional() @Inject(OUTBOUND_PORT) private readonly port: OutboundPort | null = null) {}

  get(): OutboundPort {
    if (!this.port) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    return this.port;
  }

  static peerOf(contact: Pick<ContactEntity, 'number' | 'lid' | 'name' | 'isGroup'>): PeerRef {
    return {
      number: contact.number,
      ...(contact.lid ? { lid: contact.lid } : {}),
      name: contact.name,
      isGroup: !!contact.isGroup,
    };
  }
}

/** Company settings that steer the conversation rules (greeting on accept, rating, ...). */
@Injectable()
export class CompanySettings {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async read<K extends SettingKey>(companyId: number, keys: K[]): Promise<Record<K, string>> {
    const rows = await this.db
      .getRepository(SettingEntity)
      .find({ where: { companyId, key: In(keys) }, select: { key: true, value: true } });
    return Object.fromEntries(keys.map((key) => [key, settingValue(rows, key)])) as Record<K, string>;
  }
}
