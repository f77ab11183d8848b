import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import type { BackOfficeRoutes, ProposalHandlers } from './staff/staff.public';

/**
 * How a business area joins the app: one function that registers its routes and adds its own start
 * (onReady) and stop (onClose) hooks on the app it is given. Start hooks run in registration order
 * and stop hooks in the reverse one, so an area may rely on the ones mounted before it running while
 * it runs.
 */
export type AreaRegistration<Options = undefined> = Options extends undefined
  ? (app: FastifyInstance, context: ServerContext) => Promise<void>
  : (app: FastifyInstance, context: ServerContext, options: Options) => Promise<void>;

/**
 * What a business area declares about itself, so that `buildApp` can mount it without a hand-kept
 * order: `buildApp` sorts the areas by `needs` (area-order.ts) and hands the back-office parts to the
 * back office. `Options` is the part of the app's options the area reads (its runtime, its switches
 * for tests); an area that reads none leaves it out.
 */
export type Area<Options = unknown> = {
  /** The area's folder name, which other areas' `needs` refer to. */
  readonly name: string;
  /**
   * The areas whose routes and start hooks must come before this one's: either its routes rely on
   * their hooks (auth's session check sees only the routes added after it), or its start hooks rely
   * on theirs running (its stop hooks then run before theirs).
   */
  readonly needs: readonly string[];
  /** Mounts its customer-facing routes and adds its start and stop hooks. */
  readonly register?: (app: FastifyInstance, context: ServerContext, options: Options) => Promise<void>;
  /** Its staff routes, mounted by the back office behind the staff guard. */
  readonly backOffice?: (options: Options) => BackOfficeRoutes;
  /** How the back office applies the control changes this area owns, once a second admin approves. */
  readonly proposals?: ProposalHandlers;
};
