import type { Id } from '../common/common.types.js';

export interface FileListOption {
  id?: Id;
  name: string;
  path: string;
  mediaType: string;
}

export interface FileList {
  id: Id;
  companyId: Id;
  name: string;
  message: string;
  options: FileListOption[];
}
