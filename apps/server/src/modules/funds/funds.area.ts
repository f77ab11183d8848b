import type { Area, AreaRegistration } from '../area';
import { adminFundsRoutes } from './admin-funds.routes';
import { fundsProposalHandlers } from './channel-changes';
import { depositRoutes } from './deposits.routes';
import { announceFundsOutcomes } from './funds-outcomes';
import { walletRoutes, withdrawalRoutes } from './withdrawals.routes';

/**
 * The funds area: deposit channels and deposits, withdrawals, and the wallet's withdraw methods
 * (one area: a withdrawal needs its method and a method's deletion its withdrawals). The back
 * office's side (`adminFundsRoutes`) is mounted by the back office behind its staff guard. The
 * outcomes of reviews reach the customer through the `funds.outcome` event, on every node.
 */
const registerFunds: AreaRegistration = async (app, context) => {
  const stopAnnouncing = announceFundsOutcomes(context);
  app.addHook('onClose', async () => stopAnnouncing());
  await app.register(depositRoutes, { context });
  await app.register(withdrawalRoutes, { context });
  await app.register(walletRoutes, { context });
};

export const fundsArea: Area = {
  name: 'funds',
  needs: ['auth'],
  register: registerFunds,
  backOffice: () => adminFundsRoutes,
  proposals: fundsProposalHandlers,
};
