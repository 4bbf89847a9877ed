import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTime, UpdatedAt } from '../../../database/columns.js';

/**
 * queued: to send (the confirmation first when the campaign asks for one and it was not sent, else
 * the message); sending: claimed by a dispatcher; awaiting: confirmation sent, waiting for the
 * contact's answer; sent; invalid: not on WhatsApp; failed: could not be sent (`error`).
 */
export const SHIPPING_STATES = ['queued', 'sending', 'awaiting', 'sent', 'invalid', 'failed'] as const;
export type ShippingState = (typeof SHIPPING_STATES)[number];

/**
 * One contact of a campaign. Its message ids are chosen when the row is made, so whichever node
 * sends it, and however many times a lapsed claim makes it try, the contact gets each message once.
 */
@Entity('campaign_shipping')
@Index('UQ_campaign_shipping_number', ['campaignId', 'number'], { unique: true })
@Index('IDX_campaign_shipping_state', ['campaignId', 'state', 'id'])
@Index('IDX_campaign_shipping_awaiting', ['whatsappId', 'number', 'state'])
export class CampaignShippingEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() companyId: number;
  @Column() campaignId: number;
  @Column() whatsappId: number;
  @Column({ length: 50 }) number: string;
  @Column({ length: 100 }) name: string;
  @Column({ length: 120, default: '' }) email: string;
  /** Whether the number is known to be on WhatsApp (a contact list's check); null: ask before sending. */
  @Column({ type: 'boolean', nullable: true }) onWhatsapp: boolean | null;
  @Column({ type: 'varchar', length: 10, default: 'queued' }) state: ShippingState;
  /** The message variant (1-5) and confirmation variant, drawn when the row is made. */
  @Column({ type: 'smallint' }) messageSlot: number;
  @Column({ type: 'smallint', nullable: true }) confirmationSlot: number | null;
  @Column({ length: 64 }) providerId: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) confirmationProviderId: string | null;
  /** The message as sent, its variables filled. */
  @Column({ type: 'text', nullable: true }) message: string | null;
  @Column({ type: 'int', nullable: true }) contactId: number | null;
  @Column({ type: 'int', nullable: true }) ticketId: number | null;
  @Column({ type: 'varchar', length: 60, nullable: true }) error: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) claimToken: string | null;
  @DateTime({ nullable: true }) claimedAt: Date | null;
  @DateTime({ nullable: true }) confirmationRequestedAt: Date | null;
  @DateTime({ nullable: true }) confirmedAt: Date | null;
  /** When the campaign's message went out (the existing clients' name for it). */
  @DateTime({ nullable: true }) deliveredAt: Date | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
