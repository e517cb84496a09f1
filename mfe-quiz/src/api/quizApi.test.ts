import { abandonBeacon } from './quizApi';

// jsdom's Blob has no text(); FileReader reads it.
const blobText = (b: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(b);
  });

it('the page-close abandon is a JSON beacon marked as an unload', async () => {
  const sendBeacon = jest.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  expect(abandonBeacon('tok_0123456789abcdefghij')).toBe(true);
  expect(sendBeacon).toHaveBeenCalledTimes(1);
  const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
  expect(url).toBe('/api/quiz/tok_0123456789abcdefghij/abandon');
  expect(body.type).toBe('application/json');
  expect(JSON.parse(await blobText(body))).toEqual({ on: 'unload' });
});
