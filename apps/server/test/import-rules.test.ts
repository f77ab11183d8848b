import { describe, expect, it } from 'vitest';
import { serverImportProblems } from './import-rules';

describe('server import rules', () => {
  it('lets an area reach another only through its front door', () => {
    const problems = serverImportProblems([
      { from: 'src/modules/copy/follow.service.ts', to: 'src/modules/trading/trading.public.ts' },
      { from: 'src/modules/copy/follow.service.ts', to: 'src/modules/trading/order-rules.ts' },
      { from: 'src/modules/copy/strategies/live-runner.ts', to: 'src/modules/copy/follows.repository.ts' },
      { from: 'src/app.ts', to: 'src/modules/market/market.public.ts' },
      { from: 'src/app.ts', to: 'src/modules/market/live/runtime.ts' },
    ]);
    expect(problems).toEqual([
      "src/modules/copy/follow.service.ts imports src/modules/trading/order-rules.ts: another area's private file (use src/modules/trading/trading.public.ts)",
      "src/app.ts imports src/modules/market/live/runtime.ts: another area's private file (use src/modules/market/market.public.ts)",
    ]);
  });

  it('lets only repositories and db/ import the schema', () => {
    const problems = serverImportProblems([
      { from: 'src/modules/trading/trading.repository.ts', to: 'src/db/schema.ts' },
      { from: 'src/db/schema.ts', to: 'src/db/schema-core.ts' },
      { from: 'src/modules/trading/trading.service.ts', to: 'src/db/schema-trading.ts' },
      { from: 'src/events.ts', to: 'src/db/schema.ts' },
      { from: 'src/db/database.ts', to: 'src/db/schema.ts' },
    ]);
    expect(problems).toEqual([
      'src/modules/trading/trading.service.ts imports src/db/schema-trading.ts: only repositories and db/ import the schema',
      'src/events.ts imports src/db/schema.ts: only repositories and db/ import the schema',
    ]);
  });

  it('lets tests reach anything', () => {
    const problems = serverImportProblems([
      { from: 'src/modules/copy/copy.model.test.ts', to: 'src/modules/trading/order-rules.ts' },
      { from: 'src/modules/ledger/ledger.service.test.ts', to: 'src/db/schema.ts' },
      { from: 'test/trading.ts', to: 'src/modules/market/live/runtime.ts' },
    ]);
    expect(problems).toEqual([]);
  });
});
