/** The pages a signed-out visitor sees (spec §2); the router shows them only while signed out. */
export const PUBLIC_PATHS = ['/login', '/signup', '/forgetpsw'] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];

/** Whether a route (a path, with or without its query and hash) is one of the public pages. */
export function isPublicPath(route: string): boolean {
  const pathname = route.split(/[?#]/, 1)[0];
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}
