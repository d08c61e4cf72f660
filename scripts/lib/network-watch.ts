// Every response a page receives, through the Chrome DevTools Protocol: its type, address, bytes as sent
// (encodedDataLength: headers and compressed body) and the decoded body, for the benchmarks that measure what
// travels to a phone.
import type { CDPSession } from '@playwright/test';

export interface Resource {
  type: string;
  url: string;
  encoded: number;
  decoded: number;
}

/** Follows the session's responses (call after Network.enable); finished ones are pushed to the list. */
export function watchNetwork(cdp: CDPSession): Resource[] {
  const byId = new Map<string, Resource>();
  const done: Resource[] = [];
  cdp.on('Network.responseReceived', (event) => {
    byId.set(event.requestId, { type: event.type, url: event.response.url, encoded: 0, decoded: 0 });
  });
  cdp.on('Network.dataReceived', (event) => {
    const resource = byId.get(event.requestId);
    if (resource) resource.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const resource = byId.get(event.requestId);
    if (!resource) return;
    resource.encoded = event.encodedDataLength;
    done.push(resource);
  });
  return done;
}
