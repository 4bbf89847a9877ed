import type { AnnouncementPriority } from '@atendo/shared';
import { tokens } from '@fluentui/react-components';

/** Spec §9: priority 1 red, 2 orange, 3 grey, from the theme's palette so dark mode keeps them legible. */
export const PRIORITY_COLOR: Record<AnnouncementPriority, string> = {
  1: tokens.colorPaletteRedBorderActive,
  2: tokens.colorPaletteDarkOrangeBorderActive,
  3: tokens.colorNeutralStroke1Pressed,
};

/** The matching Badge colour for the priority's name. */
export const PRIORITY_BADGE: Record<AnnouncementPriority, 'danger' | 'warning' | 'informative'> = {
  1: 'danger',
  2: 'warning',
  3: 'informative',
};

export const PRIORITY_KEY: Record<AnnouncementPriority, string> = {
  1: 'announcements.priorities.high',
  2: 'announcements.priorities.medium',
  3: 'announcements.priorities.low',
};
