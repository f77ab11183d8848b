import { z } from 'zod';

/**
 * What the calls that may propose add to their answer: `applied` (the answer shows the new state)
 * or `proposed` (the answer shows the state still in force, and `proposal_id` the proposal; 0 when
 * applied). Apart from proposals-staff.ts so that back-office.ts, which that file reads, can use it.
 */
export const proposalOutcomeFields = {
  status: z.enum(['applied', 'proposed']),
  proposal_id: z.number().int(),
};
