import { settingValue, type SessionUser } from '@atendo/shared';

/**
 * The spec's `cshow` gate of the campaign pages. The family's client stores a `cshow` entry at
 * sign-in when the company's `campaignsEnabled` setting is "true" and gates on that entry; the
 * setting the entry stands for is read here instead, from the signed-in user's company. Apart
 * from the menu so the router (in the first chunk) does not pull the menu's icons in.
 */
export function campaignsShown(user: SessionUser | null): boolean {
  return !!user && settingValue(user.company.settings, 'campaignsEnabled') === 'true';
}
