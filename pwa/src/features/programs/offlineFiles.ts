import { useCallback, useEffect, useState } from 'react';

/**
 * The files she keeps on the device ("Available offline"), in Cache Storage: the service worker
 * answers a kept file from here, byte ranges included, so audio plays and seeks offline. Her
 * space's last answer is kept beside them. The service worker empties both when she signs out.
 */
export const PORTAL_FILES_CACHE = 'portal-files';
export const PORTAL_DATA_CACHE = 'portal-api';

const storage = () => ('caches' in globalThis ? globalThis.caches : undefined);

export async function isKeptOffline(url: string): Promise<boolean> {
  const cache = await storage()?.open(PORTAL_FILES_CACHE);
  return Boolean(await cache?.match(url));
}

/** Downloads the whole file into the cache; a failed download keeps nothing. */
export async function keepOffline(url: string): Promise<void> {
  const cache = await storage()?.open(PORTAL_FILES_CACHE);
  if (!cache) throw new Error('This browser cannot keep files offline');
  await cache.add(new Request(url, { credentials: 'same-origin' }));
}

export async function forgetOffline(url: string): Promise<void> {
  await (await storage()?.open(PORTAL_FILES_CACHE))?.delete(url);
}

/** Whether a file is kept offline, and the switch that keeps or forgets it. */
export function useKeptOffline(url: string) {
  const [kept, setKept] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void isKeptOffline(url).then(
      (value) => live && setKept(value),
      () => live && setKept(false),
    );
    return () => {
      live = false;
    };
  }, [url]);
  const toggle = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      if (kept) await forgetOffline(url);
      else await keepOffline(url);
      setKept(!kept);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [kept, url]);
  return { kept, busy, failed, toggle, supported: storage() !== undefined };
}
