/** Stands for pusher-js in the app's tests (`createRealtimeClient` mocked to answer it): the test plays the server. */
type Listener = (data: unknown) => void;

export class FakeChannel {
  listeners = new Map<string, Set<Listener>>();
  bind(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }
  unbind(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
  }
  emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
}

export const fakeRealtime = {
  connection: new FakeChannel(),
  channels: new Map<string, FakeChannel>(),
  signedIn: false,
  connect: jest.fn(),
  disconnect: jest.fn(),
  signin() {
    fakeRealtime.signedIn = true;
  },
  subscribe(name: string) {
    if (!fakeRealtime.channels.has(name)) fakeRealtime.channels.set(name, new FakeChannel());
    return fakeRealtime.channels.get(name)!;
  },
  unsubscribe(name: string) {
    fakeRealtime.channels.delete(name);
  },
  channel(name: string) {
    return fakeRealtime.channels.get(name);
  },
};

