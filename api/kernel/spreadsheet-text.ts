// CSV/XLSX injection: a spreadsheet runs a text cell that starts with one of these as a formula
// (OWASP "CSV Injection"), the full-width forms too (Apple Numbers and some Excel locales fold them
// to ASCII). Every export of text a customer or merchant typed goes through `neutraliseFormula`, and
// our import drops the quote again with `restoreFormula`. The same starts as csv-stringify's
// `escape_formulas`, so files it wrote read back alike. Pure: the admin bundle uses it too.

/** = + - @, tab, carriage return, and full-width = + - @ (U+FF1D, U+FF0B, U+FF0D, U+FF20) */
export const FORMULA_STARTS: readonly string[] = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];

/** The text with a leading apostrophe when a spreadsheet would run it as a formula; else unchanged. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_STARTS.includes(text[0]) ? `'${text}` : text;
}

/** The text as typed, from a cell `neutraliseFormula` wrote: the one apostrophe it added goes. */
export function restoreFormula(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_STARTS.includes(text[1]) ? text.slice(1) : text;
}
