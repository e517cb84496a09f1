// UTF-8 safe base64, the same in the browser and in node (both have btoa/atob and
// TextEncoder/TextDecoder as globals). Question writes carry their free text base64-encoded
// so a web application firewall does not trip over code in it (SPEC §7).

/** Standard alphabet, padded, no whitespace: the only form encodeBase64Utf8 produces. */
const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export class Base64Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Base64Error';
  }
}

export function isBase64(value: string): boolean {
  return BASE64_RE.test(value);
}

export function encodeBase64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // Chunked so a long text does not overflow the argument list of String.fromCharCode.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Throws Base64Error when the input is not strict base64 or its bytes are not valid UTF-8. */
export function decodeBase64Utf8(encoded: string): string {
  if (!isBase64(encoded)) throw new Base64Error('not valid base64');
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  try {
    // ignoreBOM keeps a leading U+FEFF that the author really typed.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new Base64Error('base64 does not decode to valid UTF-8');
  }
}
