import { describe, expect, it } from 'vitest';
import { notificationOfPush, openNotificationPage, type WindowsOfSite } from './swPush.ts';

const SITE = 'https://coach.example';

describe('a push message of the site', () => {
  it('becomes the notification its Declarative Web Push JSON describes, opening its page on this site', () => {
    const shown = notificationOfPush(
      {
        web_push: 8030,
        notification: {
          title: 'A new post',
          body: 'Letting go',
          navigate: 'https://other.example/blog/letting-go?x=1',
        },
      },
      SITE,
    );
    expect(shown).toMatchObject({
      title: 'A new post',
      options: { body: 'Letting go', data: { navigate: 'https://coach.example/blog/letting-go?x=1' } },
    });
  });

  it('is nothing when it is not that form', () => {
    for (const message of [
      null,
      'text',
      { web_push: 8031, notification: { title: 't', navigate: '/' } },
      { web_push: 8030 },
    ])
      expect(notificationOfPush(message, SITE)).toBeUndefined();
    expect(notificationOfPush({ web_push: 8030, notification: { title: 't' } }, SITE)).toBeUndefined();
  });
});

/** The windows a browser has open, as a service worker's `clients` lists them. */
function windowsOf(urls: string[], { controlled = true } = {}) {
  const log: string[] = [];
  const clients: WindowsOfSite = {
    matchAll: async () =>
      urls.map((url) => ({
        url,
        navigate: async (to: string) => {
          // A window the worker does not control refuses navigate() (TypeError).
          if (!controlled) throw new TypeError('not controlled');
          log.push(`navigate ${url} -> ${to}`);
          return {};
        },
        focus: async () => log.push(`focus ${url}`),
      })),
    openWindow: async (to: string) => log.push(`open ${to}`),
  };
  return { clients, log };
}

describe('a click on a notification', () => {
  const page = `${SITE}/community`;

  it('opens its page in a window of the site already open, and brings that window forward', async () => {
    const { clients, log } = windowsOf(['https://elsewhere.example/', `${SITE}/blog`]);
    await openNotificationPage(clients, page, SITE);
    expect(log).toEqual([`navigate ${SITE}/blog -> ${page}`, `focus ${SITE}/blog`]);
  });

  it('opens a new window when none of the site is open, or the open one cannot be navigated', async () => {
    const none = windowsOf(['https://elsewhere.example/']);
    await openNotificationPage(none.clients, page, SITE);
    expect(none.log).toEqual([`open ${page}`]);
    const uncontrolled = windowsOf([`${SITE}/blog`], { controlled: false });
    await openNotificationPage(uncontrolled.clients, page, SITE);
    expect(uncontrolled.log).toEqual([`open ${page}`]);
  });
});
