import type { CheckoutOrder } from '@coach/contracts';

/** What Razorpay's Standard Checkout hands its success handler. */
export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** What it reports of a failed attempt (the buyer may try again in the same window). */
export interface CheckoutFailure {
  error: { description: string };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (failure: CheckoutFailure) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | undefined;

/** Loads Razorpay's checkout script once per page (the page's security policy admits its origin). */
function loadRazorpay(scriptUrl: string): Promise<RazorpayConstructor> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const constructor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (constructor) resolve(constructor);
      else reject(new Error('The payment window did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('The payment window could not be loaded. Please check your connection and try again.'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Opens Razorpay's checkout for an order: resolves with the signed result of a successful
 * payment, or null when the buyer closes the window; a failed attempt is reported and the
 * window stays open for another try.
 */
export async function payWithRazorpay(
  scriptUrl: string,
  order: CheckoutOrder,
  onFailedAttempt: (failure: CheckoutFailure) => void,
): Promise<CheckoutSuccess | null> {
  const Razorpay = await loadRazorpay(scriptUrl);
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: order.keyId,
      // An order names its amount; a subscription's amount is its plan's.
      ...(order.subscriptionId
        ? { subscription_id: order.subscriptionId }
        : { order_id: order.orderId, amount: order.amount, currency: order.currency }),
      name: order.name,
      description: order.description,
      prefill: order.prefill,
      theme: { color: '#4A2C5A' },
      handler: (result: CheckoutSuccess) => resolve(result),
      modal: { ondismiss: () => resolve(null) },
    });
    checkout.on('payment.failed', onFailedAttempt);
    checkout.open();
  });
}
