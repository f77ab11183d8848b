/**
 * Creates a back-office account: `npm run staff:create -- --email a@b.c --role support [--name "Mei"]`.
 * The password comes from STAFF_PASSWORD, or is asked for (not echoed) when the terminal is
 * interactive. Uses the same configuration as the server (DATA_DIR, DATABASE_URL), migrates
 * first, and records the creation in the audit log (by the command line, no staff actor). On the
 * embedded database it refuses while a server holds DATA_DIR (make the account in the back office
 * then, or stop the server).
 * It prints the account's one-time enrolment link (TOTP, a QR code in the back office) once: only
 * its hash is stored, and the account cannot sign in until the link is used.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, StaffRole, staffNameField } from '@meridian/contract/staff';
import { z } from 'zod';
import { prepareDatabase } from '../boot';
import { loadConfig } from '../config';
import { Rejection } from '../http/errors';
import { translate } from '../http/i18n';
import { SERVER_LIMITS } from '../limits';
import { createStaff, enrolmentPath, issueEnrolment, staffNameToStore } from '../modules/staff/staff.public';
import { DataDirInUse, refuseWhileServerRuns } from '../ops/server-pid';

const Arguments = z.object({
  email: z.email(),
  role: StaffRole,
  // Customers see it in the chat: the contract's name field refuses control characters.
  name: staffNameField().min(1),
  password: z
    .string()
    .min(
      SERVER_LIMITS.staffPasswordLengthMin,
      `the password needs at least ${SERVER_LIMITS.staffPasswordLengthMin} characters`,
    )
    .max(128),
});

/** Reads a line without echoing it (the password). */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = prompt as unknown as { _writeToOutput?: (text: string) => void };
    prompt.question(question, (answer) => {
      prompt.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    output._writeToOutput = () => {};
  });
}

async function readPassword(): Promise<string> {
  const fromEnvironment = process.env.STAFF_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) throw new Error('set STAFF_PASSWORD, or run in a terminal to be asked');
  const first = await askHidden('Password: ');
  const second = await askHidden('Password again: ');
  if (first !== second) throw new Error('the two passwords differ');
  return first;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
  });
  const parsed = Arguments.safeParse({
    email: values.email,
    role: values.role,
    name: values.name ?? 'Customer Service',
    password: await readPassword(),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${problems.join('\n')}\nroles: ${STAFF_ROLES.join(', ')}`);
  }
  // Refused before the database is opened: a name with a bidi or invisible character.
  staffNameToStore(parsed.data.name);
  const config = loadConfig();
  // Two processes on one embedded database: the running server would never see the account.
  if (!config.databaseUrl) refuseWhileServerRuns(config.dataDir);
  const database = await prepareDatabase(config);
  try {
    const at = new Date();
    const staff = await createStaff(database.db, { ...parsed.data, at }, null);
    const token = await issueEnrolment(database.db, staff.id, at, null);
    const origin = config.publicOrigin ?? `http://localhost:${config.port}`;
    console.log(`created staff #${staff.id} ${staff.email} (${staff.role}) on ${database.engine}`);
    console.log(
      `enrolment link (shown once, valid ${SERVER_LIMITS.staffEnrolmentTtlHours} hours): ${new URL(enrolmentPath(token), origin)}`,
    );
  } finally {
    await database.close();
  }
}

/** What the operator reads when the command refuses or fails. */
function messageOf(error: unknown): string {
  if (error instanceof Rejection) {
    if (error.key === 'error.already_registered') return 'a staff account with this e-mail already exists';
    return translate('en', error.key, error.params);
  }
  if (error instanceof DataDirInUse)
    return `${error.message}\nOr create the account in the back office (Staff accounts) while the server runs.`;
  return error instanceof Error ? error.message : String(error);
}

main().catch((error: unknown) => {
  console.error(`staff:create failed: ${messageOf(error)}`);
  process.exit(1);
});
