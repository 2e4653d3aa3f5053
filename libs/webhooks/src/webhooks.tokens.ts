/** The per-process WebhooksContext (Nest injection token). */
export const WEBHOOKS_CONTEXT = Symbol('WEBHOOKS_CONTEXT');
