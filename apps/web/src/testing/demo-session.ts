import { useUserStore } from '../features/auth/stores/user-store';

/** Signs a demo customer in, as a stored session would at start. */
export function logInDemoUser(id: number) {
  useUserStore.setState({
    token: 'token-1',
    user: {
      id,
      uid: '12345678',
      email: '',
      mobile: '',
      area_code: '',
      is_demo: 1,
      invite_code: 'ABCDEFGH',
      invited_count: 0,
      created_at: '2026-11-21T00:00:00.000Z',
    },
  });
}
