/** SPEC.md §3 'Masked phone': only the last four digits show; four characters or fewer stay as they are. */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return phone;
  return `(***) ***-${phone.slice(-4)}`;
}
