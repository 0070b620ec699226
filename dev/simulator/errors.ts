// Errors as the service shows them: a status and a JSON body `{"detail": "..."}`.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export function badRequest(detail: string): HttpError {
  return new HttpError(400, detail);
}
