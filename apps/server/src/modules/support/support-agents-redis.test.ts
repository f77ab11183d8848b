import type { SupportAgentsPush } from '@meridian/contract/support-staff';
import { describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTwoNodes } from '../../../test/app-hooks';
import { isPush, socketUrl, TestSocket } from '../../../test/socket';
import { staffSession } from '../../../test/staff';
import { until } from '../../../test/wait';

// Two nodes of one installation: one database, one Redis channel.
const [nodeA, nodeB] = useTwoNodes();

describe('the agents feed across nodes', () => {
  it("brings a customer's message written on one node to an agent's socket on another", async () => {
    const agent = await staffSession(nodeB, 'support');
    const socket = await TestSocket.open((await socketUrl(nodeB)).replace('/v1/ws', '/admin/ws'));
    try {
      expect((await socket.request({ type: 'login', params: { token: agent.token } })).code).toBe(1);
      expect((await socket.request({ type: 'sub', params: { topic: 'support.agents' } })).code).toBe(1);
      await until(() => nodeA.app.realtime.hasSubscribers('support.agents'), 'node A to learn of the agent');

      const customer = await registerByEmail(nodeA, freshEmail('far'));
      const sent = await call(
        nodeA,
        'POST',
        '/api/support/send',
        { text: 'Written on node A' },
        {
          token: customer.token,
        },
      );
      expect(sent.code).toBe(1);
      const push = (await socket.next(isPush('support.agents'))) as { data: SupportAgentsPush };
      expect(push.data).toMatchObject({
        conversation: { user: { id: customer.user.id }, unread: 1 },
        message: { sender: 'user', text: 'Written on node A' },
      });
    } finally {
      socket.close();
    }
  });
});
