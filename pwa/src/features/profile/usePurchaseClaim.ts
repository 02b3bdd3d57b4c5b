import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { postJson, serverMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { PROFILE_KEY } from './queries.ts';

const KEPT_CLAIM = 'purchase-claim';

/**
 * /profile?claim=…, the link of a visitor's receipt: once she is signed in (with the address the
 * receipt went to), the purchase is added to her account. Kept in the tab while she signs up or in.
 */
export function usePurchaseClaim(signedIn: boolean) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const fromLink = params.get('claim');
  useEffect(() => {
    if (fromLink) {
      sessionStorage.setItem(KEPT_CLAIM, fromLink);
      setParams(
        (current) => {
          current.delete('claim');
          return current;
        },
        { replace: true },
      );
    }
    const token = sessionStorage.getItem(KEPT_CLAIM);
    if (!signedIn || !token) return;
    sessionStorage.removeItem(KEPT_CLAIM);
    postJson('/api/checkout/claim', { token }).then(
      () => {
        notify({ title: 'Your purchase is in your profile', description: 'Your receipt is in your Purchase History.' });
        void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      },
      (error: unknown) =>
        notify({
          title: 'The purchase could not be added',
          description: serverMessage(error) ?? 'Please try the link in your receipt again.',
          variant: 'destructive',
        }),
    );
  }, [fromLink, signedIn, setParams, queryClient]);
}
