import { buildContentSecurityPolicy } from './content-security-policy.js';
import { decideNavigation, decidePermission, decideWindowOpen } from './navigation-guard.js';

describe('decideNavigation', () => {
  it('allows navigation inside the app', () => {
    expect(decideNavigation('app://atendo/tickets/1')).toEqual({ allow: true });
  });

  it('sends web pages to the system browser', () => {
    expect(decideNavigation('https://example.com/page')).toEqual({
      allow: false,
      openExternally: 'https://example.com/page',
    });
    expect(decideNavigation('http://example.com/')).toEqual({ allow: false, openExternally: 'http://example.com/' });
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'app://atendo.evil/',
    'app://other/',
    'smb://server/share',
    'not a url',
  ])('drops %p', (url) => {
    expect(decideNavigation(url)).toEqual({ allow: false });
  });
});

describe('decideWindowOpen', () => {
  it('never opens a window, and hands web links to the browser', () => {
    expect(decideWindowOpen('https://wa.me/5511999999999')).toEqual({
      action: 'deny',
      openExternally: 'https://wa.me/5511999999999',
    });
    expect(decideWindowOpen('app://atendo/tickets/1')).toEqual({ action: 'deny' });
    expect(decideWindowOpen('file:///C:/Windows/System32/calc.exe')).toEqual({ action: 'deny' });
    expect(decideWindowOpen('ms-msdt:/id')).toEqual({ action: 'deny' });
  });
});

describe('decidePermission', () => {
  it('allows notifications and microphone-only media from the app', () => {
    expect(decidePermission('notifications', 'app://atendo/tickets')).toBe(true);
    expect(decidePermission('media', 'app://atendo/', ['audio'])).toBe(true);
  });

  it('refuses camera, screen and everything else, and anything from another origin', () => {
    expect(decidePermission('media', 'app://atendo/', ['audio', 'video'])).toBe(false);
    expect(decidePermission('media', 'app://atendo/', [])).toBe(false);
    expect(decidePermission('media', 'app://atendo/', ['unknown'])).toBe(false);
    expect(decidePermission('geolocation', 'app://atendo/')).toBe(false);
    expect(decidePermission('display-capture', 'app://atendo/', ['audio'])).toBe(false);
    expect(decidePermission('notifications', 'https://evil.example.com/')).toBe(false);
    expect(decidePermission('notifications', undefined)).toBe(false);
  });
});

describe('buildContentSecurityPolicy', () => {
  it('allows only the app itself before a server is set', () => {
    const csp = buildContentSecurityPolicy(null);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // Frames only for the help videos' player.
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
  });

  it('adds the server origin and its websocket origin', () => {
    const csp = buildContentSecurityPolicy('https://atendo.example.com:8443/api');
    expect(csp).toContain("connect-src 'self' https://atendo.example.com:8443 wss://atendo.example.com:8443");
    expect(csp).toContain("img-src 'self' data: blob: https://atendo.example.com:8443 https://i.ytimg.com;");
    expect(csp).toContain("media-src 'self' blob: https://atendo.example.com:8443;");
    expect(buildContentSecurityPolicy('http://localhost:8080')).toContain(
      "connect-src 'self' http://localhost:8080 ws://localhost:8080",
    );
  });
});
