import { NoQuery } from '@meridian/contract/settings';
import {
  BalanceAnswer,
  DemoResetAnswer,
  ForexChangeQuery,
  ForexDetail,
  LedgerPage,
} from '@meridian/contract/trading';
import { customerRoutes } from '../../http/customer-routes';
import { routeTable } from '../../http/route-table';
import * as service from './account.service';

const withToken = customerRoutes({ tags: ['account'], token: true });

/** Spec section 7's account calls: balance, account detail, billing history and the demo reset. */
export const accountRoutes = routeTable([
  withToken.get('/v1/api/main/wallet/getBalance', NoQuery, BalanceAnswer, service.balanceOf),
  withToken.get('/v1/api/main/account/forexDetail', NoQuery, ForexDetail, service.forexDetail),
  withToken.get(
    '/v1/api/main/accountLog/forexChange',
    ForexChangeQuery,
    LedgerPage,
    (context, user, query, { lang }) => service.forexChange(context, user, query, lang),
  ),
  withToken.get(
    '/v1/api/main/user/resetForexDemoAccount',
    NoQuery,
    DemoResetAnswer,
    service.resetDemoAccount,
  ),
]);
