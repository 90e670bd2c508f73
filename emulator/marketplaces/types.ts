/** What a route answers; the server writes it. */
export interface Answer {
  status: number;
  type: string;
  body: string | Buffer;
}
