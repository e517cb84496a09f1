import { render, screen } from '@testing-library/react';
import { createApiContext } from './apiContext';

interface GreetApi {
  greet(name: string): string;
}
const { ApiProvider, useApi } = createApiContext<GreetApi>('GreetApi');

function Greeting() {
  return <p>{useApi().greet('Ada')}</p>;
}

it('gives the components below it the api it was handed', () => {
  render(
    <ApiProvider api={{ greet: (n) => `Hello, ${n}` }}>
      <Greeting />
    </ApiProvider>,
  );
  expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
});

it('outside a provider, says which api is missing', () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<Greeting />)).toThrow(/GreetApi is missing/);
});
