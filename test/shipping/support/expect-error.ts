import type { TestResponse } from '@shipledger/testing';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The shipping error body: `{status: "<code>", timestamp, errors: [...]}`, and nothing else. */
export function expectShippingError(response: TestResponse, status: number, ...messages: string[]): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { status: String(status), timestamp: expect.stringMatching(ISO_MS), errors: messages },
  });
}

export function expectIsoMs(value: unknown): void {
  expect(value).toEqual(expect.stringMatching(ISO_MS));
}
