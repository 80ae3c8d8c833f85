// Zod for the API contract, configured before any schema is built: every schema module imports `z`
// from here, so this runs first on both sides, however the browser bundle is split into chunks.
// Jitless: object schemas otherwise probe for `new Function('')` when they are created (to compile
// fast parsers), and the site's CSP has no 'unsafe-eval', so browsers report a CSP violation even
// though Zod catches the error. Parsing is interpreted instead, a negligible cost at this scale.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
