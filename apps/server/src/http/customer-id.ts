import { asUserId, type UserId } from '@meridian/domain/ids';

/**
 * A back-office request that names a customer by `id`, with that id branded: the contract's parse
 * answers a plain number, and the services take a UserId. Routes call it as the request comes in.
 */
export function namingCustomer<Request extends { id: number }>(request: Request): Request & { id: UserId } {
  return { ...request, id: asUserId(request.id) };
}
