import type { FastifyInstance } from 'fastify';
import { messageBytesMax } from '../../../clearing-house/protocol/messages';
import { signMessage } from '../../../clearing-house/protocol/signature';
import type { ClearingService } from './clearing-service';
import { ownParticipantCode } from './payments.service';

/** Where the clearing house delivers to the bank: its own address on this server. */
export const clearingInboundPath = '/api/clearing/inbound';

/**
 * The clearing house's deliveries. Public to the access guard, which knows only customers' and
 * staff's sessions: the switch proves itself by its signature and a fresh nonce instead, checked
 * before anything else (`receiveDelivery`). The body is the ISO 20022 XML exactly as signed.
 */
export async function clearingRoutes(app: FastifyInstance, deps: { clearing: ClearingService }): Promise<void> {
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string', bodyLimit: messageBytesMax }, (_request, body, done) => done(null, body));
  app.post(clearingInboundPath, { config: { access: 'public' } }, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const { answerXml } = await deps.clearing.receive({ headers: request.headers, body });
    if (answerXml === null) return reply.code(204).send();
    // Signed anew for each delivery: a repeated one gets the first answer under a fresh nonce.
    return reply
      .code(200)
      .headers({ 'content-type': 'application/xml', ...signMessage({ sender: ownParticipantCode, key: deps.clearing.key, body: answerXml }) })
      .send(answerXml);
  });
}

/**
 * How the embedded switch reaches this server: through `app.inject`, the same routes, hooks and
 * signature checks as a request over the network, without needing to know where (or whether) the
 * server listens. Deliveries before the app is ready, or while it closes, fail and are retried by
 * the switch.
 */
export function embeddedDelivery(app: FastifyInstance): typeof fetch {
  let open = false;
  app.addHook('onReady', async () => {
    open = true;
  });
  app.addHook('preClose', async () => {
    open = false;
  });
  return async (input, init) => {
    if (!open) throw new Error('The bank is not taking deliveries now');
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const response = await app.inject({
      method: 'POST',
      url: new URL(input instanceof Request ? input.url : String(input)).pathname,
      headers,
      payload: typeof init?.body === 'string' ? init.body : '',
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') answerHeaders.set(name, value);
    return new Response(response.statusCode === 204 ? null : response.body, { status: response.statusCode, headers: answerHeaders });
  };
}
