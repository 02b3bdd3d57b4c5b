import type { SiteStats } from '@coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAfterLoad } from '../../shared/hooks/useAfterLoad.ts';
import { useHydrated } from '../../shared/hooks/useHydrated.ts';
import { postJson } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { postOrQueue, SAVED_OFFLINE } from '../../shared/pwa/submit.ts';

export const SITE_STATS_KEY = ['/api/site-stats'] as const;
export const HAS_VISITED_KEY = 'hasVisited';
export const HAS_LIKED_KEY = 'hasLiked';

function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

function setFlag(key: string): void {
  try {
    window.localStorage.setItem(key, 'true');
  } catch {
    // Private mode without storage: the flag lives only for this page view.
  }
}

/**
 * Site statistics: read on load, a visit recorded once per browser, a like once per
 * browser. Failures are only logged: the numbers stay as they were and the heart stays available.
 */
export function useSiteStats() {
  const queryClient = useQueryClient();
  // Read, and the visit recorded, once the page has loaded: their answers re-render at once,
  // blocking, and while the page still hydrates they would hold up its taps.
  const loaded = useAfterLoad();
  const stats = useQuery<SiteStats>({ queryKey: SITE_STATS_KEY, enabled: loaded });
  // The footer is in the prerendered HTML, which knows neither this browser's like nor the counts
  // it kept from its last visit (restored while the page hydrates): both are shown once
  // hydrated, so the page hydrates as it was rendered.
  const hydrated = useHydrated();
  const [likedNow, setLikedNow] = useState(false);
  const hasLiked = likedNow || (hydrated && readFlag(HAS_LIKED_KEY));

  useEffect(() => {
    if (stats.error) console.error('Failed to load site stats', stats.error);
  }, [stats.error]);

  // A visit or like answers with the newest counts. The visit starts while the stats are still
  // being read: a read still in flight is cancelled, or its older answer, landing last, would
  // overwrite the newer one (and, never stale, stay on screen).
  const showAnswer = async (data: SiteStats) => {
    await queryClient.cancelQueries({ queryKey: SITE_STATS_KEY });
    queryClient.setQueryData(SITE_STATS_KEY, data);
  };

  const visit = useMutation({
    mutationFn: () => postJson<SiteStats>('/api/site-stats/visit'),
    onSuccess: async (data) => {
      await showAnswer(data);
      setFlag(HAS_VISITED_KEY);
    },
    onError: (error) => console.error('Failed to record visit', error),
  });

  // Offline, the like waits in the outbox: the heart fills and counts it at once.
  const like = useMutation({
    mutationFn: () => postOrQueue<SiteStats>('/api/site-stats/like'),
    onSuccess: async (result) => {
      if (result.queued) {
        queryClient.setQueryData<SiteStats>(SITE_STATS_KEY, (old) => old && { ...old, likeCount: old.likeCount + 1 });
        notify(SAVED_OFFLINE.like);
      } else {
        await showAnswer(result.data);
      }
      setFlag(HAS_LIKED_KEY);
      setLikedNow(true);
    },
    onError: (error) => console.error('Failed to record like', error),
  });

  // One visit per page load even when React runs the effect twice (StrictMode).
  const visitStarted = useRef(false);
  const { mutate: recordVisit } = visit;
  useEffect(() => {
    if (!loaded || visitStarted.current || readFlag(HAS_VISITED_KEY)) return;
    visitStarted.current = true;
    recordVisit();
  }, [loaded, recordVisit]);

  return {
    visitorCount: hydrated ? stats.data?.visitorCount : undefined,
    likeCount: hydrated ? stats.data?.likeCount : undefined,
    hasLiked,
    likePending: like.isPending,
    like: () => {
      if (!hasLiked && !like.isPending) like.mutate();
    },
  };
}
