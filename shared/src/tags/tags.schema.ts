import * as yup from 'yup';
import { HEX_COLOR, tooLong, tooShort, V } from '../common/validation.js';

export const tagSchema = yup.object({
  name: yup.string().trim().required(V.required).min(3, tooShort).max(50, tooLong),
  color: yup.string().trim().matches(HEX_COLOR, V.color).default('#A4CCCC'),
  kanban: yup.number().oneOf([0, 1], V.oneOf).default(0),
});
export type TagInput = yup.InferType<typeof tagSchema>;
