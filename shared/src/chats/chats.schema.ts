import * as yup from 'yup';
import { INT_MAX, tooLong, V } from '../common/validation.js';

/** The most members a chat takes besides its owner: a team, not the whole company list twice. */
export const CHAT_MEMBERS_MAX = 500;
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 10_000;

/** POST and PUT /chats: the title and the other members (the owner is always one). */
export const chatSchema = yup.object({
  title: yup.string().trim().required(V.required).max(CHAT_TITLE_MAX, tooLong),
  users: yup
    .array(
      yup.object({ id: yup.number().integer(V.integer).positive(V.integer).max(INT_MAX, V.max).required(V.required) }),
    )
    .min(1, V.atLeastOne)
    .max(CHAT_MEMBERS_MAX, V.max)
    .required(V.atLeastOne),
});
export type ChatInput = yup.InferType<typeof chatSchema>;

export const chatMessageSchema = yup.object({
  message: yup.string().trim().required(V.required).max(CHAT_MESSAGE_MAX, tooLong),
});
export type ChatMessageInput = yup.InferType<typeof chatMessageSchema>;
