// The only host globals core/ may use: the few that browsers, service workers and Node all provide.
// Included by tsconfig.core.json alone (the other parts get the real declarations from DOM, WebWorker
// or Node), so a core file reaching for window, document, process or Buffer fails to type-check.

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}

interface AbortSignal {
  readonly aborted: boolean;
}

declare function setTimeout(handler: () => void, timeout?: number): unknown;
