/// <reference types="node" />
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './layers';

describe('the layers check', () => {
  it('reads the imports it checks', () => {
    const root = path.join('/app', 'src');
    const file = path.join(root, 'features/market/components/example.tsx');
    const text = [
      "import { a } from '../../trading/api/get-orders';",
      "import type { B } from '../utils/b';",
      "export { c } from '../../../lib/c';",
      "const lazy = () => import('../../chart/components/kline-chart');",
      "import './market.css';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(root, file, text)).toEqual([
      path.join('features', 'trading', 'api', 'get-orders'),
      path.join('features', 'market', 'utils', 'b'),
      path.join('lib', 'c'),
      path.join('features', 'chart', 'components', 'kline-chart'),
      path.join('features', 'market', 'components', 'market.css'),
    ]);
  });
});
