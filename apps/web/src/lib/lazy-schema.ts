import type { LazySchema } from '@meridian/web-kit/api-client';
import type { ZodType } from 'zod';
import { nextTask } from './next-task';

/**
 * A contract schema loaded on first use. The first screen's calls and pushes check their answers
 * with these, so zod and the contract's schemas stay out of the JavaScript that paints it
 * (a lean critical path) and load beside the first answers instead.
 */
export type { LazySchema };

/**
 * The first load of the first screen's schemas is three tasks: zod itself, the contract's schemas
 * (zod builds each one with its methods, the costly part), and then the check of the answer that
 * waited for them. Together they made the trade page's longest task on a phone.
 */
async function loadInSteps<T>(load: () => Promise<ZodType<T>>): Promise<ZodType<T>> {
  // zod itself, and one schema made, so what its first schema costs once is paid here too. (By
  // name: asked for as a whole namespace, every part of zod would be in the download.)
  const { string } = await import('zod');
  string();
  await nextTask();
  const schema = await load();
  await nextTask();
  return schema;
}

export function lazySchema<T>(load: () => Promise<ZodType<T>>): LazySchema<T> {
  let loading: Promise<ZodType<T>> | undefined;
  return () => {
    loading ??= loadInSteps(load).catch((error: unknown) => {
      // A failed download (the network dropped) is tried again at the next use.
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * A socket push checked against its lazily loaded schema, or null when it breaks the contract (a
 * programmer error on the server, logged, never shown) or the schema could not be downloaded. Pushes
 * keep their order: each waits once on the same download.
 */
export async function checkPush<T>(schema: LazySchema<T>, data: unknown, topic: string): Promise<T | null> {
  let checker: ZodType<T>;
  try {
    checker = await schema();
  } catch (error) {
    console.error(`${topic} push not checked: its schema did not load`, error);
    return null;
  }
  const parsed = checker.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`${topic} push does not match the contract`, parsed.error);
  return null;
}
