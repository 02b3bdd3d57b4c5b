// Kept tiny and free of imports: the app's entry installs it before anything else loads.

/** Forms submitted before the app took them over, to submit again once it has. */
const held = new Set<HTMLFormElement>();
let released = false;

/**
 * Until the app has taken the page over, a form the page's HTML cannot post (one without an
 * `action`: the app's own, such as the Circle's composer) is not sent by the browser to the page's
 * address with its fields in the URL: its submit is held, and made again, once, when the app is
 * ready. A form with an `action` posts as the browser posts it (the gateway takes it).
 */
export function holdEarlySubmits(doc: Document = document): void {
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (released || !(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
      event.preventDefault();
      held.add(form);
    },
    true,
  );
}

/** The app is ready: each held form still on the page is submitted again, through the app. */
export function releaseHeldSubmits(): void {
  released = true;
  for (const form of held) if (form.isConnected) form.requestSubmit();
  held.clear();
}
