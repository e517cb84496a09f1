import { readCookie } from './cookies';

it('reads and decodes one cookie, or gives an empty string', () => {
  const jar = 'a=1; CSRF-TOKEN=abc%3D%3D; other=x=y';
  expect(readCookie('CSRF-TOKEN', jar)).toBe('abc==');
  expect(readCookie('other', jar)).toBe('x=y');
  expect(readCookie('missing', jar)).toBe('');
  expect(readCookie('bad', 'bad=%E0%A4%A')).toBe('%E0%A4%A');
});
