import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuthUser } from '../../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../../common/decorators.js';
import { DomainError } from '../../../common/domain-error.js';
import { IdPipe, YupPipe } from '../../../common/validation.pipe.js';
import { OutboundHttp } from '../../outbound-http/outbound-http.js';
import { WhatsappEntity } from '../../whatsapp/entities/whatsapp.entity.js';
import { SessionManager } from '../session-manager.js';
import { SANDBOX_ADDRESS_BOOK, SANDBOX_MESSAGE, SANDBOX_SCAN } from './sandbox.extensions.js';
import { loadSandboxMedia } from './sandbox-media.js';
import type { SandboxInbound } from './sandbox.provider.js';
import { SandboxProvider } from './sandbox.provider.js';
import type { AddressBookEntry } from '../gateway.types.js';
import {
  sandboxAddressBookSchema,
  sandboxMessageSchema,
  sandboxNumberSchema,
  sandboxRateLimitSchema,
  sandboxScanSchema,
  type SandboxMessageInput,
} from './sandbox.schema.js';

const id = new IdPipe('ERR_NO_WAPP_FOUND');

/**
 * Drives the simulated network (registered only when SANDBOX is on): scan a connection's QR,
 * deliver a customer's message, take a number off WhatsApp. Admins of the connection's company only.
 */
// A stand-in, off where others reach the server: not part of the API reference.
@ApiExcludeController()
@Controller('sandbox')
@RequirePermission('connections-page:actionButtons')
export class SandboxController {
  constructor(
    private readonly sessions: SessionManager,
    private readonly sandbox: SandboxProvider,
    private readonly http: OutboundHttp,
    @InjectRepository(WhatsappEntity) private readonly whatsapps: Repository<WhatsappEntity>,
  ) {}

  @Post('connections/:whatsappId/scan')
  @HttpCode(200)
  async scan(
    @CurrentUser() auth: AuthUser,
    @Param('whatsappId', id) whatsappId: number,
    @Body(new YupPipe(sandboxScanSchema)) body: { number?: string },
  ) {
    await this.assertSandboxConnection(auth, whatsappId);
    const { number } = await this.sessions.invoke<{ number: string }>(whatsappId, {
      op: 'extension',
      name: SANDBOX_SCAN,
      args: { number: body.number },
    });
    return { whatsappId, status: 'CONNECTED', number };
  }

  @Post('connections/:whatsappId/messages')
  async message(
    @CurrentUser() auth: AuthUser,
    @Param('whatsappId', id) whatsappId: number,
    @Body(new YupPipe(sandboxMessageSchema)) body: SandboxMessageInput,
  ) {
    await this.assertSandboxConnection(auth, whatsappId);
    const inbound: SandboxInbound = {
      from: body.from,
      name: body.name,
      id: body.id,
      body: body.body,
      location: body.location,
      quotedId: body.quotedId,
      // Fetched here, on the node that took the request, so only bytes travel to the session's holder.
      media: body.media
        ? {
            data: await loadSandboxMedia(body.media, this.http),
            mimetype: body.media.mimetype,
            filename: body.media.filename,
          }
        : undefined,
    };
    return this.sessions.invoke<{ providerId: string }>(whatsappId, {
      op: 'extension',
      name: SANDBOX_MESSAGE,
      args: inbound,
    });
  }

  /** The phone's contacts change: the list replaces the connection's address book. */
  @Put('connections/:whatsappId/address-book')
  async addressBook(
    @CurrentUser() auth: AuthUser,
    @Param('whatsappId', id) whatsappId: number,
    @Body(new YupPipe(sandboxAddressBookSchema)) body: { contacts: AddressBookEntry[] },
  ) {
    await this.assertSandboxConnection(auth, whatsappId);
    return this.sessions.invoke<{ count: number }>(whatsappId, {
      op: 'extension',
      name: SANDBOX_ADDRESS_BOOK,
      args: body.contacts,
    });
  }

  @Put('numbers/:number')
  async number(
    @CurrentUser() auth: AuthUser,
    @Param('number') raw: string,
    @Body(new YupPipe(sandboxNumberSchema)) body: { onWhatsApp: boolean },
  ) {
    const number = raw.replace(/\D/g, '');
    if (!/^\d{8,20}$/.test(number)) {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'number', message: 'validation.phone' }] });
    }
    await this.sandbox.setOnWhatsApp(auth.companyId, number, body.onWhatsApp);
    return { number, onWhatsApp: body.onWhatsApp };
  }

  /** WhatsApp refuses the connection's sends as too fast (`rate-overlimit`) for `seconds`; 0 lifts it. */
  @Put('connections/:whatsappId/rate-limit')
  async rateLimit(
    @CurrentUser() auth: AuthUser,
    @Param('whatsappId', id) whatsappId: number,
    @Body(new YupPipe(sandboxRateLimitSchema)) body: { seconds: number },
  ) {
    await this.assertSandboxConnection(auth, whatsappId);
    await this.sandbox.rateLimit(whatsappId, body.seconds);
    return { whatsappId, seconds: body.seconds };
  }

  /** What the phones received from the company's sandbox connections: counted on the network's side. */
  @Get('deliveries')
  deliveries(@CurrentUser() auth: AuthUser) {
    return this.sandbox.deliveries(auth.companyId);
  }

  @Delete('deliveries')
  @HttpCode(204)
  async clearDeliveries(@CurrentUser() auth: AuthUser) {
    await this.sandbox.clearDeliveries(auth.companyId);
  }

  private async assertSandboxConnection(auth: AuthUser, whatsappId: number): Promise<void> {
    // A session held by this node already knows its company and provider: no statement needed.
    const held = this.sessions.heldHere(whatsappId);
    const found = held
      ? held.companyId === auth.companyId && held.provider === 'sandbox'
      : await this.whatsapps.exists({ where: { id: whatsappId, companyId: auth.companyId, provider: 'sandbox' } });
    if (!found) throw new DomainError('ERR_NO_WAPP_FOUND');
  }
}
