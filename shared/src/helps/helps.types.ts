import type { Id } from '../common/common.types.js';

export interface Help {
  id: Id;
  title: string;
  description: string;
  /** The video's code on the hosting service. */
  video: string;
}
