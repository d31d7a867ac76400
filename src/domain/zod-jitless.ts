/**
 * Imported for its effect alone: zod parses without compiling (ADR 0021).
 * zod 4 compiles an object schema's parser with `new Function`, and to learn whether it may, it
 * tries `new Function('')` when the first object schema is built. The gateway's content security
 * policy (script-src 'self', no 'unsafe-eval') refuses that, and the browser reports a violation
 * on every page. With `jitless` zod never tries: it parses with its interpreter.
 *
 * The FIRST import of each browser entry (src/app/main.tsx, worker/index.ts, sw/sw.ts): imports run
 * in order, and a schema built before this one has already tried. Listed in package.json's
 * sideEffects, or the bundler would drop it. The gateway does not import it: no CSP binds it there.
 */
import { config } from 'zod/mini';

config({ jitless: true });
