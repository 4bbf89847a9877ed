import * as yup from 'yup';
import { optionalId, tooLong, tooShort, V } from '../common/validation.js';
import { FILE_LIST_MAX_FILES } from './attachments.js';

/** An option of the list: `id` names one it already has (kept, renamed); without it, a new one. */
export const fileListOptionSchema = yup.object({
  id: optionalId(),
  name: yup.string().trim().required(V.required).max(100, tooLong),
});

export const fileListSchema = yup.object({
  name: yup.string().trim().required(V.required).min(3, tooShort).max(100, tooLong),
  message: yup.string().trim().required(V.required).max(5000, tooLong),
  options: yup
    .array(fileListOptionSchema.required(V.required))
    .max(FILE_LIST_MAX_FILES, ({ max }: { max: number }) => ({ key: V.max, params: { max } }))
    .default([]),
});

export type FileListInput = yup.InferType<typeof fileListSchema>;
