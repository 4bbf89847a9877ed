import { featureOfPath, PLAN_FEATURE_PATHS, PLAN_FEATURES } from './plans.types.js';

describe('plan feature paths', () => {
  it('finds the feature of a route or page by whole path segments', () => {
    expect(featureOfPath('/chats')).toBe('useInternalChat');
    expect(featureOfPath('/chats/12/messages')).toBe('useInternalChat');
    expect(featureOfPath('/chatsx')).toBeNull();
    expect(featureOfPath('/prompt/3')).toBe('useOpenAi');
    expect(featureOfPath('/prompts')).toBe('useOpenAi');
    expect(featureOfPath('/tags/kanban')).toBe('useKanban');
    expect(featureOfPath('/tags/list')).toBeNull();
    expect(featureOfPath('/api/messages/send')).toBe('useExternalApi');
    expect(featureOfPath('/schedules/?pageNumber=2')).toBe('useSchedules');
    expect(featureOfPath('/campaign/4/report')).toBe('useCampaigns');
    expect(featureOfPath('/tickets')).toBeNull();
    expect(featureOfPath('/')).toBeNull();
  });

  it('gives every feature a path and no path two features', () => {
    const seen = new Map<string, string>();
    for (const feature of PLAN_FEATURES) {
      expect(PLAN_FEATURE_PATHS[feature].length).toBeGreaterThan(0);
      for (const path of PLAN_FEATURE_PATHS[feature]) {
        expect(seen.get(path)).toBeUndefined();
        seen.set(path, feature);
        expect(featureOfPath(path)).toBe(feature);
      }
    }
  });
});
