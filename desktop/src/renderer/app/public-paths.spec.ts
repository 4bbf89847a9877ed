import { describe, expect, it } from '@jest/globals';
import { isPublicPath } from './public-paths';

describe('isPublicPath', () => {
  it('knows every signed-out page, with or without a query', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/signup')).toBe(true);
    expect(isPublicPath('/forgetpsw')).toBe(true);
    expect(isPublicPath('/login?companyId=3')).toBe(true);
    expect(isPublicPath('/forgetpsw#step')).toBe(true);
  });

  it('leaves the signed-in pages out', () => {
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/tickets/12')).toBe(false);
    expect(isPublicPath('/settings?tab=schedules')).toBe(false);
    expect(isPublicPath('/login/extra')).toBe(false);
  });
});
