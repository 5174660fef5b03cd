/**
 * Previews (docs/sandbox.md, "Previews"): a change run and rolled back, so what trek says a
 * change would do is what the code that makes the change does. The answer is the change's own,
 * with no id (none was kept) and `preview: true`; nothing it set off (webhooks) is sent.
 */
import type { State } from './model.js';
import type { Reply, RequestContext } from './router.js';
import type { Transaction } from './transaction.js';

export type Change = (state: State, tx: Transaction) => Reply;

/** Thrown to roll a change back once it has run, carrying what it would answer. */
class Preview extends Error {
  constructor(readonly reply: Reply) {
    super('preview');
  }
}

export async function preview(ctx: RequestContext, change: Change): Promise<Reply> {
  try {
    await ctx.store.mutate((state, tx) => {
      throw new Preview(change(state, tx));
    });
  } catch (error) {
    if (!(error instanceof Preview)) throw error;
    return { status: 200, body: { ...(error.reply.body as object), id: null, href: null, preview: true } };
  }
  throw new Error('a preview always rolls back');
}
