// TextEncoder/TextDecoder are WHATWG globals present in Node and browsers; declared here so the
// engine does not pull in the DOM or Node type libraries.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}
