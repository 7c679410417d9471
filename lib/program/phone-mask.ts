/**
 * SPEC.md §3 'Masked phone': only the last four digits show, as (***) ***-1234; four characters or
 * fewer stay as they are. The portal and the identity provider's pages and account API mask alike.
 */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return phone;
  return `(***) ***-${phone.slice(-4)}`;
}
