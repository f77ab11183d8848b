// The rule lives in the contract: the server applies it too (its page's content security policy).
export { replaceFirstSubdomain } from '@meridian/contract/subdomain';
