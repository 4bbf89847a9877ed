import { sendTokenSchema, whatsappSchema, type WhatsappInput } from '@atendo/shared';
import * as yup from 'yup';

/**
 * PUT /whatsapp/:id takes the form's fields, each optional: a field left out keeps its value
 * (rather than falling back to the create defaults, which would, for one, un-set the default flag).
 */
export const whatsappUpdateSchema = yup.object({
  ...Object.fromEntries(
    Object.entries(whatsappSchema.fields).map(([key, field]) => [
      key,
      (field as yup.AnySchema).optional().default(undefined),
    ]),
  ),
  // The form sends the token back as it is: an older, shorter one kept unchanged is not refused
  // (WhatsappService checks the minimum of a token that changes).
  token: sendTokenSchema().default(undefined),
}) as unknown as yup.ObjectSchema<Partial<WhatsappInput>>;

export type WhatsappUpdateInput = Partial<WhatsappInput>;
