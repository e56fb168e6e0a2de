import { vi, type Mock } from 'vitest';

// The browser's edge of web push for jsdom tests: Notification's permission, the service
// worker's readiness and a PushManager that makes subscriptions like a browser's.

export const SERVER_KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  unsubscribe: Mock<() => Promise<boolean>>;
}

export function fakeSubscription(
  key: Uint8Array,
  endpoint = 'https://push.example/abc',
): FakeSubscription {
  const manager = current;
  const subscription: FakeSubscription = {
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPk', auth: 'c2VjcmV0' } }),
    unsubscribe: vi.fn(() => {
      if (manager) manager.subscription = null;
      return Promise.resolve(true);
    }),
  };
  return subscription;
}

type SubscribeOptions = { userVisibleOnly: boolean; applicationServerKey: Uint8Array };

interface FakePush {
  permission: NotificationPermission;
  /** What requestPermission answers (the person's choice in the prompt). */
  answer: NotificationPermission;
  subscription: FakeSubscription | null;
  subscribe: Mock<(options: SubscribeOptions) => Promise<FakeSubscription>>;
  getSubscription: Mock<() => Promise<FakeSubscription | null>>;
  requestPermission: Mock<() => Promise<NotificationPermission>>;
  messages: EventTarget;
}

let current: FakePush | undefined;

export function installFakePush(permission: NotificationPermission = 'default'): FakePush {
  const messages = new EventTarget();
  const push: FakePush = {
    permission,
    answer: 'granted',
    subscription: null,
    messages,
    subscribe: vi.fn((options: SubscribeOptions) => {
      push.subscription = fakeSubscription(options.applicationServerKey);
      return Promise.resolve(push.subscription);
    }),
    getSubscription: vi.fn(() => Promise.resolve(push.subscription)),
    requestPermission: vi.fn(() => {
      push.permission = push.answer;
      return Promise.resolve(push.answer);
    }),
  };
  current = push;
  const registration = {
    pushManager: {
      subscribe: (options: SubscribeOptions) => push.subscribe(options),
      getSubscription: () => push.getSubscription(),
    },
  };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return push.permission;
    },
    requestPermission: () => push.requestPermission(),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
      addEventListener: messages.addEventListener.bind(messages),
      removeEventListener: messages.removeEventListener.bind(messages),
    },
  });
  return push;
}

export function removeFakePush(): void {
  current = undefined;
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

/** A message the service worker posts to this tab. */
export function postFromWorker(push: FakePush, data: unknown): void {
  push.messages.dispatchEvent(new MessageEvent('message', { data }));
}
