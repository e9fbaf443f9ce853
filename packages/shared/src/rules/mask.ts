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

/**
 * Name mask, as a person's name is shown to others (a bidding's contacts before selection, an order's timeline): the
 * first character and two stars (张**); '' for no name.
 */
export function maskName(name: string | null | undefined): string {
  return name ? `${[...name][0]}**` : '';
}
