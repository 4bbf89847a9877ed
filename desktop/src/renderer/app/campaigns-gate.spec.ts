import { describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@atendo/shared';
import { campaignsShown } from './campaigns-gate';

const userWith = (settings: { key: string; value: string }[]) => ({ company: { settings } }) as unknown as SessionUser;

describe('campaigns gate', () => {
  it("follows the company's campaignsEnabled setting, on by default", () => {
    expect(campaignsShown(userWith([{ key: 'campaignsEnabled', value: 'true' }]))).toBe(true);
    expect(campaignsShown(userWith([{ key: 'campaignsEnabled', value: 'false' }]))).toBe(false);
    expect(campaignsShown(userWith([]))).toBe(true);
    expect(campaignsShown(null)).toBe(false);
  });
});
