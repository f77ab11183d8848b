import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

const DEVICE_ID_BYTES = 16;

/**
 * 128 random bits as hex. getRandomValues, unlike randomUUID, also works on plain http
 * (a phone opening the app by the machine's LAN address).
 */
export function createDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(DEVICE_ID_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type DemoDeviceState = { deviceId: string };

/**
 * The device id for GET /api/user/createAccountDemoForU: the server hands a device that asks again
 * its earlier demo account, not a new one, so the id is made once and kept.
 */
export const useDemoDeviceStore = create<DemoDeviceState>()(
  persist(() => ({ deviceId: createDeviceId() }), {
    name: STORAGE_KEYS.demoDevice,
    version: 1,
    storage: createJSONStorage(() => localStorage),
  }),
);

// persist writes only when the state changes; write the freshly made id now, so that the next visit
// reads it back instead of making another (and the device keeps its demo account).
useDemoDeviceStore.setState((state) => ({ deviceId: state.deviceId }));
