/**
 * `POST /accounts` of the accounts API as a well-behaved client does it: on a 429 it waits the
 * answer's Retry-After and asks again. Resolves at the 200; any other answer is an error.
 */
export async function registerAccount(apiUrl: string, authorization: string, secretKey: string): Promise<void> {
  for (;;) {
    const response = await fetch(`${apiUrl}/accounts`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ sourceType: 'stripe', credential: secretKey }),
    });
    const text = await response.text();
    if (response.status === 200) return;
    if (response.status !== 429) throw new Error(`POST /accounts answered ${response.status}: ${text.slice(0, 300)}`);
    const retryAfter = Number(response.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0.05, retryAfter) * 1000));
  }
}
