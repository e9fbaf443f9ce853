/** Phone mask (spec/1 §9): first 3 and last 4 digits shown. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length < 7) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** Only the last 4 digits of a bank account ever leave the server. */
export function maskAccount(no: string | null | undefined): string {
  if (!no) return '';
  return `**** **** **** ${no.slice(-4)}`;
}
