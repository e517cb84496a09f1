import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteComponent, type RemoteLoader } from './loadRemoteComponent';
import { UNAVAILABLE_MESSAGE } from '../constants';

const Hello = ({ who }: { who: string }) => <p>Hello {who}</p>;

function deferredLoader() {
  const calls: { id: string; retry: boolean; resolve: (m: unknown) => void; reject: (e: Error) => void }[] =
    [];
  const load: RemoteLoader = (id, { retry }) =>
    new Promise((resolve, reject) => {
      calls.push({ id, retry, resolve, reject });
    });
  return { load, calls };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

it('shows a loading status, then the remote with its props', async () => {
  const { load, calls } = deferredLoader();
  const Remote = loadRemoteComponent<{ who: string }>('mfe_x/Hello', { load });
  render(<Remote who="candidate" />);
  expect(await screen.findByRole('status')).toHaveTextContent('Loading');
  calls[0].resolve({ default: Hello });
  expect(await screen.findByText('Hello candidate')).toBeInTheDocument();
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({ id: 'mfe_x/Hello', retry: false });
});

it('contains a failed load with an accessible message and a Retry that loads again', async () => {
  const { load, calls } = deferredLoader();
  const Remote = loadRemoteComponent<{ who: string }>('mfe_x/Hello', { load });
  render(
    <>
      <p>Rest of the shell</p>
      <Remote who="admin" />
    </>,
  );
  calls[0].reject(new Error('manifest 404'));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(UNAVAILABLE_MESSAGE);
  expect(screen.getByText('Rest of the shell')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(calls).toHaveLength(2);
  expect(calls[1].retry).toBe(true);
  calls[1].reject(new Error('still down'));
  // The second failure shows the message again, with focus on the new Retry button.
  const retry = await screen.findByRole('button', { name: 'Retry' });
  expect(retry).toHaveFocus();

  await userEvent.click(retry);
  calls[2].resolve(Hello);
  expect(await screen.findByText('Hello admin')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('a module that is not a component counts as unavailable', async () => {
  const { load, calls } = deferredLoader();
  const Remote = loadRemoteComponent('mfe_x/Nothing', { load });
  render(<Remote />);
  calls[0].resolve({ default: 42 });
  expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE_MESSAGE);
});

it('a silent remote renders nothing while loading or when it fails', async () => {
  const { load, calls } = deferredLoader();
  const Remote = loadRemoteComponent<{ who: string }>('mfe_demo/DemoSidebar', { load, silent: true });
  const { container } = render(
    <div data-testid="host">
      <Remote who="x" />
    </div>,
  );
  expect(screen.getByTestId('host')).toBeEmptyDOMElement();
  calls[0].reject(new Error('down'));
  await new Promise((r) => setTimeout(r, 20));
  expect(container.querySelector('[role="alert"]')).toBeNull();
  expect(screen.getByTestId('host')).toBeEmptyDOMElement();
});

it('after a failure, the next mount retries with force instead of replaying the failure', async () => {
  const { load, calls } = deferredLoader();
  const Remote = loadRemoteComponent<{ who: string }>('mfe_x/Hello', { load });
  const first = render(<Remote who="a" />);
  calls[0].reject(new Error('down'));
  await screen.findByRole('alert');
  first.unmount();
  render(<Remote who="b" />);
  expect(calls).toHaveLength(2);
  expect(calls[1].retry).toBe(true);
  calls[1].resolve(Hello);
  expect(await screen.findByText('Hello b')).toBeInTheDocument();
});

describe('onMountedChange', () => {
  it('says true only once the remote rendered, and false when it goes', async () => {
    const { load, calls } = deferredLoader();
    const Remote = loadRemoteComponent<{ who: string }>('mfe_demo/DemoSidebar', { load, silent: true });
    const seen: boolean[] = [];
    const view = render(<Remote who="x" onMountedChange={(m) => seen.push(m)} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]); // still loading
    calls[0].resolve({ default: Hello });
    expect(await screen.findByText('Hello x')).toBeInTheDocument();
    expect(seen).toEqual([true]);
    view.unmount();
    expect(seen).toEqual([true, false]);
  });

  it('never says true when the remote fails to load or to render', async () => {
    const { load, calls } = deferredLoader();
    const Remote = loadRemoteComponent<{ who: string }>('mfe_demo/DemoSidebar', { load, silent: true });
    const seen: boolean[] = [];
    render(<Remote who="x" onMountedChange={(m) => seen.push(m)} />);
    calls[0].reject(new Error('down'));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);

    const Broken = () => {
      throw new Error('render failed');
    };
    const second = deferredLoader();
    const Other = loadRemoteComponent<{ who: string }>('mfe_demo/DemoSidebar', {
      load: second.load,
      silent: true,
    });
    render(<Other who="y" onMountedChange={(m) => seen.push(m)} />);
    second.calls[0].resolve({ default: Broken });
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).not.toContain(true);
  });

  it('is not passed on to the remote', async () => {
    const { load, calls } = deferredLoader();
    const received: object[] = [];
    const Spy = (props: object) => {
      received.push(props);
      return null;
    };
    const Remote = loadRemoteComponent<{ who: string }>('mfe_x/Spy', { load });
    render(<Remote who="x" onMountedChange={() => {}} />);
    calls[0].resolve({ default: Spy });
    await new Promise((r) => setTimeout(r, 20));
    expect(received.at(-1)).toEqual({ who: 'x' });
  });
});
