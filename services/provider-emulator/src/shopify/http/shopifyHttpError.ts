/** An answer in Shopify's shape with its HTTP status, thrown by handlers, written by the error handler. */
export class ShopifyHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' ? JSON.stringify(body) : String(body));
  }
}

export const shopifyErrors = {
  /** Shopify's answer to a missing, unknown, expired or revoked access token. */
  unauthorized: () => new ShopifyHttpError(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }),
  notFound: (what = 'Not Found') => new ShopifyHttpError(404, { errors: what }),
  badRequest: (message: string) => new ShopifyHttpError(400, { errors: message }),
  throttled: () => new ShopifyHttpError(429, { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] }),
  serverError: () => new ShopifyHttpError(500, { errors: 'Internal Server Error' }),
};
