import { deepLinkInArgv, routeFromDeepLink } from './deep-link.js';

const uuid = '3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f';

describe('deep links', () => {
  it('opens tickets by uuid, written with two or three slashes', () => {
    expect(routeFromDeepLink(`atendo://tickets/${uuid}`)).toBe(`/tickets/${uuid}`);
    expect(routeFromDeepLink(`atendo:///tickets/${uuid}/`)).toBe(`/tickets/${uuid}`);
    expect(routeFromDeepLink(`ATENDO://tickets/${uuid.toUpperCase()}`)).toBe(`/tickets/${uuid}`);
  });

  it.each([
    'atendo://tickets/42',
    'atendo://tickets/../settings',
    `atendo://settings/${uuid}`,
    `atendo://tickets/${uuid}/extra`,
    `atendo://user:pw@tickets/${uuid}`,
    `https://tickets/${uuid}`,
    `app://atendo/tickets/${uuid}`,
    'atendo://',
    'not a url',
  ])('ignores %p', (link) => {
    expect(routeFromDeepLink(link)).toBeNull();
  });

  it('finds the link among the launch arguments', () => {
    expect(deepLinkInArgv(['C:\\Atendo\\Atendo.exe', '--allow-file-access', `atendo://tickets/${uuid}`])).toBe(
      `/tickets/${uuid}`,
    );
    expect(deepLinkInArgv(['/usr/bin/atendo', 'atendo://nothing', '--x'])).toBeNull();
    expect(deepLinkInArgv([])).toBeNull();
  });
});
