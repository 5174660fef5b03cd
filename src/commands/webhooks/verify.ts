import { Command } from 'commander';
import { verifySignature } from '../../domain/webhooks.js';
import { ExitCode, TrekError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { MAX_WEBHOOK_BODY_BYTES, readBounded } from '../../webhooks/body.js';
import { examples } from '../flags.js';
import { webhookKey } from './key.js';

/** The body was read whole but its signature is not the key's: exit 3, as for a refused key. */
export class SignatureMismatchError extends TrekError {
  override name = 'SignatureMismatchError';
  readonly exitCode = ExitCode.auth;
  readonly jsonCode = 'SignatureMismatchError';
}

export interface VerifyOptions {
  io: IOStreams;
  signature: string;
  key: () => Promise<string>;
}

export function newVerifyCmd(f: Factory, runF: (opts: VerifyOptions) => Promise<void> = verifyRun): Command {
  return new Command('verify')
    .summary("check a webhook body's signature against the profile's key")
    .description(
      "Check that a webhook request's body (on stdin, as received: the raw bytes) carries a valid X-Gapi-Signature: " +
        "hex HMAC-SHA256 of the body keyed with the current profile's application key.\n\n" +
        'Exit 0: it verifies. Exit 3: it does not. Exit 2: no body, or a signature that is not 64 hex digits.\n\n' +
        'The key comes from the profile (--secret-from-profile), never from a flag, where it would be kept in shell history and shown by ps.',
    )
    .option('--secret-from-profile', "verify with the current profile's application key (required: keys are never flags)")
    .requiredOption('--signature <hex>', 'the X-Gapi-Signature header as received (64 hex digits)')
    .addHelpText(
      'after',
      examples([
        'trek webhooks verify --secret-from-profile --signature "$SIGNATURE" < body.json',
        'trek --profile live webhooks verify --secret-from-profile --signature "$HTTP_X_GAPI_SIGNATURE" < "$BODY_FILE" && echo genuine',
      ]),
    )
    .action(async (flags: { secretFromProfile?: boolean; signature: string }) => {
      if (!flags.secretFromProfile) throw new UsageError('say which key to verify with: --secret-from-profile (keys are never given as flags)');
      const signature = flags.signature.trim();
      if (!/^[0-9a-fA-F]{64}$/.test(signature)) throw new UsageError(`--signature must be the 64 hex digits of X-Gapi-Signature, got "${flags.signature}"`);
      if (f.io.stdinIsTTY)
        throw new UsageError(
          'pipe the webhook body into trek webhooks verify: it reads the body from stdin',
          'For example: trek webhooks verify --secret-from-profile --signature "$SIGNATURE" < body.json',
        );
      await runF({ io: f.io, signature, key: () => webhookKey(f) });
    });
}

export async function verifyRun(opts: VerifyOptions): Promise<void> {
  const body = await readBounded(opts.io.in, MAX_WEBHOOK_BODY_BYTES);
  if (body === undefined) throw new UsageError(`the body on stdin is over ${MAX_WEBHOOK_BODY_BYTES} bytes, more than any webhook request trek accepts`);
  if (body.length === 0) throw new UsageError('no body on stdin: pipe the webhook request body as received');
  if (!verifySignature(body, await opts.key(), opts.signature)) {
    throw new SignatureMismatchError("the signature does not verify with the profile's key: the body was changed, or signed with another key");
  }
  opts.io.err.write("The signature verifies with the profile's key.\n");
}
