import { Base64Error, decodeBase64Utf8, encodeBase64Utf8, isBase64 } from './index';

describe('base64 UTF-8', () => {
  it.each([
    '',
    'plain ascii',
    'const s = `${a}` // <script>',
    'naïve café ✓ 日本語 🚀',
    '\uFEFFbom kept',
    'x'.repeat(100_000),
  ])('round-trips %#', (text) => {
    const encoded = encodeBase64Utf8(text);
    expect(isBase64(encoded)).toBe(true);
    expect(decodeBase64Utf8(encoded)).toBe(text);
  });

  it('matches node Buffer encoding', () => {
    const text = 'naïve ✓ 🚀';
    expect(encodeBase64Utf8(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
  });

  it.each(['abc', 'ab=c', 'a b=', 'ab-_', '====', 'YQ', 'YQ==='])('rejects malformed base64 %j', (bad) => {
    expect(() => decodeBase64Utf8(bad)).toThrow(Base64Error);
  });

  it('rejects bytes that are not UTF-8', () => {
    const invalidUtf8 = Buffer.from([0xff, 0xfe, 0x41]).toString('base64');
    expect(() => decodeBase64Utf8(invalidUtf8)).toThrow(/UTF-8/);
  });
});
