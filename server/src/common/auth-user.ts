import type { Profile } from '@atendo/shared';

/** The verified caller of a request, as the global guard builds it from the token and the session. */
export interface AuthUser {
  userId: number;
  companyId: number;
  profile: Profile;
  super: boolean;
  sessionId: string;
}
