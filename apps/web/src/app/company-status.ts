import { COMPANY_STATUS } from '@meridian/contract/settings-codes';
import { getCompanyStatus } from '../features/company/api/get-company-status';

/** Only a web address or a path of this site may take the browser away (never `javascript:`). */
function isSafeDestination(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  return /^https?:\/\//i.test(url);
}

/**
 * Spec section 7: at start the app asks for the company status; any status but 0 sends the browser
 * to the returned loss_url (a service that has been wound down). A failed check changes nothing.
 */
export async function followCompanyStatus(): Promise<void> {
  try {
    const { status, loss_url: lossUrl } = await getCompanyStatus();
    if (status !== COMPANY_STATUS.normal && lossUrl && isSafeDestination(lossUrl))
      window.location.assign(lossUrl);
  } catch {
    // Quiet by design: the app keeps working when the check cannot be made.
  }
}
