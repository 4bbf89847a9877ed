import type { Id } from '../common/common.types.js';

/** One file of a list: its name as shown (and sent), and the stored file once uploaded. */
export interface FileListOption {
  id: Id;
  name: string;
  /**
   * The stored file's key, or '' while the option waits for its upload. The file is served only
   * to the company, at `GET /files/{fileListId}/options/{id}/content`.
   */
  path: string;
  /** The type the stored file's bytes are (see ATTACHMENT_TYPES), or '' without a file. */
  mediaType: string;
}

/** A named list of files with a message: what a campaign sends along with its text. */
export interface FileList {
  id: Id;
  companyId: Id;
  name: string;
  message: string;
  /** In the order they were added. */
  options: FileListOption[];
}

/** `GET /files`: by name, 20 a page. */
export interface FileListsPage {
  files: FileList[];
  count: number;
  hasMore: boolean;
}
