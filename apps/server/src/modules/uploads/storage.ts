import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_LIMITS } from '../../limits';

function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** A fresh random name (128 bits): it says nothing of the user, the time or the client's file name. */
export function newUploadName(extension: string): string {
  return `${randomBytes(SERVER_LIMITS.uploadNameBytes).toString('hex')}.${extension}`;
}

/** The file of a stored upload; names are checked against UPLOAD_NAME_PATTERN before they get here. */
export function uploadPath(dataDir: string, name: string): string {
  return path.join(uploadsDir(dataDir), name);
}

/**
 * Writes an upload: to a temporary file first, then renamed into place, so a reader never sees
 * half a file. Only the server's user may read it (0600); it is served through our route alone.
 */
export async function storeUpload(dataDir: string, name: string, bytes: Buffer): Promise<void> {
  const directory = uploadsDir(dataDir);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = path.join(directory, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
  await rename(temporary, path.join(directory, name));
}

export async function removeUpload(dataDir: string, name: string): Promise<void> {
  await rm(uploadPath(dataDir, name), { force: true });
}
