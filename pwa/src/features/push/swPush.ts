/** A notification to show: what the service worker gives showNotification. */
export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { navigate: string } };
}

/**
 * The notification a push message asks for, from its Declarative Web Push JSON
 * (`{"web_push": 8030, "notification": {title, body, navigate, ...}}`); undefined for anything
 * else. Its page is opened on this site (`origin`) whatever host the sender named, so a site
 * served under another address than its SITE_URL still opens its own pages.
 */
export function notificationOfPush(message: unknown, origin: string): ShownNotification | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const { web_push: version, notification } = message as { web_push?: unknown; notification?: unknown };
  if (version !== 8030 || !notification || typeof notification !== 'object') return undefined;
  const { title, body, navigate, tag, lang } = notification as Record<string, unknown>;
  if (typeof title !== 'string' || typeof navigate !== 'string') return undefined;
  let page: URL;
  try {
    page = new URL(navigate, origin);
  } catch {
    return undefined;
  }
  return {
    title,
    options: {
      body: typeof body === 'string' ? body : undefined,
      tag: typeof tag === 'string' ? tag : undefined,
      lang: typeof lang === 'string' ? lang : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { navigate: new URL(`${page.pathname}${page.search}${page.hash}`, origin).href },
    },
  };
}

/** What of the service worker's `clients` a notification's click uses. */
export interface WindowsOfSite {
  matchAll(options: { type: 'window'; includeUncontrolled: true }): Promise<ReadonlyArray<WindowLike>>;
  openWindow(url: string): Promise<unknown>;
}
interface WindowLike {
  url: string;
  navigate(url: string): Promise<unknown>;
  focus(): Promise<unknown>;
}

/**
 * A notification's click opens its page in a window of the site already open (then focused), else
 * in a new one: a window the worker does not control cannot be navigated, so a new one opens then.
 */
export async function openNotificationPage(clients: WindowsOfSite, page: string, origin: string): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open && (await open.navigate(page).catch(() => null))) await open.focus();
  else await clients.openWindow(page);
}
