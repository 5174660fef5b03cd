/**
 * What trek and its sandbox agree on beyond the spec: shapes of the sandbox's own `/_sandbox/`
 * answers that both name. Nothing here imports from the CLI or the sandbox: both import it.
 */

/** An agent's key with who it is: a row of `GET /_sandbox/keys`, and of startSandbox()'s `keys`. */
export interface SandboxKey {
  key: string;
  agent_id: string;
  agent_name: string;
  agency_id: string;
  agency_name: string;
  note: string;
}
