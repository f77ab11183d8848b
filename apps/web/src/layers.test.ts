import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossFeatureImports, sharedCodeReachingUp } from '@meridian/web-kit/layers';
import { describe, expect, it } from 'vitest';

/** The web app's layers (packages/web-kit/src/layers.ts says what they are and why). */
const SOURCE_ROOT = path.dirname(fileURLToPath(import.meta.url));

describe('web layers', () => {
  it('no feature imports another feature', () => {
    expect(crossFeatureImports(SOURCE_ROOT)).toEqual([]);
  });

  it('shared code imports no feature and not the app', () => {
    expect(sharedCodeReachingUp(SOURCE_ROOT)).toEqual([]);
  });
});
