import { z } from 'zod';

// In a browser, zod compiles no parsers: it would first probe `new Function`, which the site's
// CSP forbids, and the browser reports the probe as a violation even though zod catches it.
// Servers keep the faster compiled parsers. Every schema module imports z from here, so this
// runs before the first schema is built; package.json names this module as the package's only
// side effect, or the bundler would skip it for only passing z on.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
