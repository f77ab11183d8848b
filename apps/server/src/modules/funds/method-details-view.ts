/** A withdraw method's stored payout details (the columns both wire shapes name alike). */
type MethodDetails = {
  dcAddress: string;
  bankName: string;
  bankAddress: string;
  bankSwift: string;
  payeeName: string;
  payeeAccount: string;
};

/** Where a withdrawal is paid, as the customer's method list and the staff's review both show it. */
export function methodDetailsView(method: MethodDetails) {
  return {
    dc_address: method.dcAddress,
    bank_name: method.bankName,
    bank_address: method.bankAddress,
    bank_swift: method.bankSwift,
    payee_name: method.payeeName,
    payee_account: method.payeeAccount,
  };
}
