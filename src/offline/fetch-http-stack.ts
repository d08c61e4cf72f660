// tus-js-client's requests on fetch, for the service worker, which has no XMLHttpRequest: the same protocol and
// resumption as the page's uploads. fetch reports no upload progress, so progress comes once a request is done.
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

class FetchResponse implements HttpResponse {
  constructor(
    private readonly response: Response,
    private readonly body: string,
  ) {}

  getStatus(): number {
    return this.response.status;
  }

  getHeader(header: string): string | undefined {
    return this.response.headers.get(header) ?? undefined;
  }

  getBody(): string {
    return this.body;
  }

  getUnderlyingObject(): Response {
    return this.response;
  }
}

class FetchRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private progress: ((bytesSent: number) => void) | null = null;

  constructor(
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers[header] = value;
  }

  getHeader(header: string): string | undefined {
    return this.headers[header];
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.progress = handler;
  }

  async send(body: Blob | null = null): Promise<HttpResponse> {
    const response = await fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body,
      cache: 'no-store',
      signal: this.controller.signal,
    });
    if (body) this.progress?.(body.size);
    return new FetchResponse(response, await response.text());
  }

  abort(): Promise<void> {
    this.controller.abort();
    return Promise.resolve();
  }

  getUnderlyingObject(): AbortController {
    return this.controller;
  }
}

export class FetchHttpStack implements HttpStack {
  createRequest(method: string, url: string): HttpRequest {
    return new FetchRequest(method, url);
  }

  getName(): string {
    return 'FetchHttpStack';
  }
}
