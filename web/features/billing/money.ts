/**
 * A price in the currency's minor unit (as the server and the providers count it) in the reader's locale: 499 "usd"
 * is $4.99 in en, 4,99 $US in fr; 39900 "inr" is ₹399.00; a currency without minor units (JPY) is taken as is.
 */
export function formatPrice(amountMinor: number, currency: string, locale: string | undefined): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
