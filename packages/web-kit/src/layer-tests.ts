import { describe, expect, it } from 'vitest';
import { crossFeatureImports, sharedCodeReachingUp } from './layers';

/** An app's layers test (layers.ts says what the layers are and why): one call in each app. */
export function describeLayers(app: string, sourceRoot: string): void {
  describe(`${app} layers`, () => {
    it('no feature imports another feature, nor the app', () => {
      expect(crossFeatureImports(sourceRoot)).toEqual([]);
    });

    it('shared code imports no feature and not the app', () => {
      expect(sharedCodeReachingUp(sourceRoot)).toEqual([]);
    });
  });
}
