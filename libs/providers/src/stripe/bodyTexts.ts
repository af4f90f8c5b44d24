import Stripe from 'stripe';
import type { Agent } from 'node:http';
import { rememberJsonText } from '../json/objectText';

/**
 * The SDK's Node HTTP client, also keeping each JSON body's text with the object the SDK parses
 * from it (json/objectText.ts), so a list page's objects can keep the text they were read as.
 * The SDK builds the same text itself and drops it; a second listener on the response collects
 * the same chunks, which costs a string concatenation, not a copy.
 */
export function bodyKeepingHttpClient(agent: Agent): Stripe.HttpClient {
  const client = Stripe.createNodeHttpClient(agent);
  const makeRequest = client.makeRequest.bind(client);
  client.makeRequest = async (...args: Parameters<Stripe.HttpClient['makeRequest']>) => {
    const response = await makeRequest(...args);
    const raw = response.getRawResponse() as NodeJS.ReadableStream | null;
    if (!raw || typeof raw.on !== 'function') return response;
    const toJSON = response.toJSON.bind(response);
    response.toJSON = async () => {
      let text = '';
      const collect = (chunk: string) => {
        text += chunk;
      };
      raw.setEncoding('utf8');
      raw.on('data', collect);
      try {
        const json: unknown = await toJSON();
        if (typeof json === 'object' && json !== null) rememberJsonText(json, text);
        return json;
      } finally {
        raw.removeListener('data', collect);
      }
    };
    return response;
  };
  return client;
}
