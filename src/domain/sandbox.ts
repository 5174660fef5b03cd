/**
 * What trek and its sandbox agree on beyond the spec: shapes of the sandbox's own `/_sandbox/`
 * answers that both name, from the contract. Nothing here imports from the CLI or the sandbox:
 * both import it.
 */
import type { components } from './contract.js';

/** An agent's key with who it is: a row of `GET /_sandbox/keys`, and of startSandbox()'s `keys`. */
export type SandboxKey = components['schemas']['SandboxKey'];
