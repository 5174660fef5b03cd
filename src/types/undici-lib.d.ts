// The undici modules trek imports directly (src/api/client.ts, src/api/in-process.ts), typed as undici's index types them.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  export default function request(this: Pick<Dispatcher, 'dispatch'>, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}

declare module 'undici/lib/handler/wrap-handler.js' {
  import type { Dispatcher } from 'undici';
  /** Presents a handler written for undici's older callbacks (request()'s own) with the DispatchHandler ones. */
  export default class WrapHandler {
    static wrap(handler: Dispatcher.DispatchHandler): Dispatcher.DispatchHandler;
  }
}
