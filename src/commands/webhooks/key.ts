import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';

/**
 * The profile's application key, which signs its webhooks: the profile's own, or the built-in
 * sandbox's. Never taken from a flag, where it would land in shell history and `ps`.
 */
export async function webhookKey(f: Factory): Promise<string> {
  const profile = await f.profile();
  const key = profile.apiKey ?? (await f.embeddedSandbox())?.apiKey;
  if (key === undefined) {
    throw new UsageError(`profile "${profile.name}" has no API key to verify webhook signatures with`, 'Set one with: trek profile add NAME --base-url URL --api-key-stdin, or TREK_API_KEY.');
  }
  return key;
}
