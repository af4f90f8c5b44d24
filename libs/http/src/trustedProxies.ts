import express from 'express';
import { Joi } from '@datasync/config';

/**
 * Which peers may tell us the client's address in X-Forwarded-For. Limits keyed on the client
 * address need the real one: behind a load balancer every request comes from the balancer, and
 * one client's failures would lock out everyone. Trusting every peer would let anyone pick the
 * address they are counted under, so only the listed proxies are believed.
 */
export const trustedProxiesEnv = {
  TRUSTED_PROXIES: Joi.string()
    .allow('')
    .default('')
    .custom((value: string) => {
      const list = parseTrustedProxies(value);
      // Express compiles the list at once and throws on anything that is not an address or CIDR range.
      express().set('trust proxy', list);
      return value;
    })
    .messages({ 'any.custom': 'TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges ({{#error.message}})' })
    .description(
      'load balancers and proxies whose X-Forwarded-For names the client address (IPs, CIDR ranges or loopback/linklocal/uniquelocal, comma-separated); empty = the socket address is the client',
    ),
};

export interface TrustedProxiesConfig {
  TRUSTED_PROXIES: string;
}

export function parseTrustedProxies(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
