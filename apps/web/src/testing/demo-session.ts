import { useUserStore } from '../features/auth/stores/user-store';
import { userFixture } from './user-fixtures';

/** Signs a demo customer in, as a stored session would at start. */
export function logInDemoUser(id: number) {
  useUserStore.setState({
    token: 'token-1',
    user: userFixture({
      id,
      uid: '12345678',
      is_demo: 1,
      invite_code: 'ABCDEFGH',
      created_at: '2026-11-21T00:00:00.000Z',
    }),
  });
}
