import { Webhook } from 'standardwebhooks';

export interface SignedMessage {
  event_id: string;
  trigger: string;
  aggregate_version: number;
  body: string;
}

/**
 * The headers of one attempt (where-the-spec-is-silent, "Webhook delivery", and Standard Webhooks):
 * the configuration's static headers first, then ours, which they may not replace (the configuration
 * API refuses those names). `webhook-id` is the message id, equal to `event-id` and stable across
 * retries and replays; `webhook-signature` holds one `v1,<base64>` per signing secret, space-separated
 * (two during a rotation's overlap). `webhook-timestamp` is the wall-clock second of this attempt.
 */
export function deliveryHeaders(message: SignedMessage, staticHeaders: Record<string, string>, secrets: readonly string[], sentAt: Date): Record<string, string> {
  const signature = secrets.map((secret) => new Webhook(secret).sign(message.event_id, sentAt, message.body)).join(' ');
  return {
    ...staticHeaders,
    'Content-Type': 'application/json',
    'event-id': message.event_id,
    trigger: message.trigger,
    'aggregate-version': String(message.aggregate_version),
    'webhook-id': message.event_id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
