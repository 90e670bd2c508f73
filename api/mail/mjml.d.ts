// mjml ships no types; the part of its API the mail layout uses (MJML 5: compile is async).
declare module 'mjml' {
  interface MjmlResult {
    html: string;
    errors: { formattedMessage: string }[];
  }
  export default function mjml2html(
    mjml: string,
    options?: { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean; keepComments?: boolean; fonts?: Record<string, string> },
  ): Promise<MjmlResult>;
}
