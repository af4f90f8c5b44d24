import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** What kind of network an IP address belongs to, as far as the destination guard cares. */
export type AddressClass =
  'public' | 'loopback' | 'private' | 'link_local' | 'cgnat' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

// Cloud instance-metadata endpoints hand out credentials; they get their own class so that
// they stay refused even where private networks are allowed. IPv4 link-local as a whole is
// where clouds put them (AWS IMDS and ECS task metadata, GCP, Azure, Oracle, DigitalOcean all
// at 169.254.x.x) and no database lives there; the others are Alibaba's (100.100.100.200),
// Azure's WireServer (168.63.129.16), Oracle's legacy one (192.0.0.192) and AWS's IPv6 IMDS.
const metadataAddresses = new Set(['100.100.100.200', '168.63.129.16', '192.0.0.192', 'fd00:ec2:0:0:0:0:0:254']);
const metadataV4Ranges: [ipaddr.IPv4, number][] = [ipaddr.IPv4.parseCIDR('169.254.0.0/16')];

const ipv4Classes: Record<string, AddressClass> = {
  unicast: 'public',
  unspecified: 'unspecified',
  broadcast: 'multicast',
  multicast: 'multicast',
  linkLocal: 'link_local',
  loopback: 'loopback',
  carrierGradeNat: 'cgnat',
  private: 'private',
};

const ipv6Classes: Record<string, AddressClass> = {
  unicast: 'public',
  unspecified: 'unspecified',
  linkLocal: 'link_local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
};

function classifyV4(address: ipaddr.IPv4): AddressClass {
  if (metadataAddresses.has(address.toString())) return 'metadata';
  if (metadataV4Ranges.some((range) => address.match(range))) return 'metadata';
  return ipv4Classes[address.range()] ?? 'reserved';
}

// RFC 8215's local-use NAT64 prefix. An operator may deploy any RFC 6052 layout inside it, so an
// address there is judged by both readings the /48 allows: the IPv4 address in its last 32 bits
// (a /96 layout) and in bits 48-63 and 72-87 (a /48 layout, skipping the reserved octet).
const localUseNat64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

/** The IPv4 addresses that translation prefixes (NAT64, SIIT, 6to4, IPv4-compatible) may carry. */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const range = address.range();
  const bytes = address.toByteArray();
  const last32 = new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.match(localUseNat64)) return [last32, new ipaddr.IPv4([bytes[6], bytes[7], bytes[9], bytes[10]] as number[])];
  if (range === 'rfc6052' || range === 'rfc6145') return [last32];
  if (range === '6to4') return [new ipaddr.IPv4(bytes.slice(2, 6))];
  // ::a.b.c.d (IPv4-compatible, deprecated): ipaddr calls it unicast, but it names an IPv4 host.
  if (bytes.slice(0, 12).every((b) => b === 0)) return [last32];
  return [];
}

// From the class that allows least to the one that allows most.
const strictness: AddressClass[] = [
  'metadata',
  'unspecified',
  'multicast',
  'loopback',
  'link_local',
  'private',
  'cgnat',
  'reserved',
  'public',
];

/** Of the classes an address may stand for, the one that allows least. */
function strictest(classes: AddressClass[]): AddressClass {
  return strictness.find((kind) => classes.includes(kind)) ?? 'reserved';
}

/**
 * Classifies an IP address. IPv4-mapped and other IPv4-embedding IPv6 forms are judged by the
 * IPv4 address inside (the strictest reading where a prefix allows several), so `::ffff:127.0.0.1`
 * is loopback. Anything ipaddr.js calls special
 * but that is not named here (documentation, benchmarking, Teredo, 240/4…) is `reserved`.
 */
export function classifyAddress(text: string): AddressClass {
  if (isIP(text) === 0) throw new Error(`not an IP address: ${text}`);
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') return classifyV4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return classifyV4(v6.toIPv4Address());
  if (v6.range() === 'unspecified' || v6.range() === 'loopback') return ipv6Classes[v6.range()] as AddressClass;
  const inner = embeddedV4(v6);
  if (inner.length > 0) return strictest(inner.map(classifyV4));
  if (metadataAddresses.has(v6.toNormalizedString())) return 'metadata';
  return ipv6Classes[v6.range()] ?? 'reserved';
}

/** Classes never allowed: no database lives there, and metadata endpoints leak credentials. */
const alwaysRefused: ReadonlySet<AddressClass> = new Set<AddressClass>(['metadata', 'unspecified', 'multicast']);

/** Whether a connection to an address of this class may be opened. */
export function isAllowedClass(kind: AddressClass, allowPrivateNetworks: boolean): boolean {
  if (kind === 'public') return true;
  if (alwaysRefused.has(kind)) return false;
  return allowPrivateNetworks;
}

export const addressClassLabels: Record<AddressClass, string> = {
  public: 'public',
  loopback: 'loopback',
  private: 'private network',
  link_local: 'link-local',
  cgnat: 'carrier-grade NAT',
  metadata: 'cloud metadata',
  unspecified: 'unspecified',
  multicast: 'multicast or broadcast',
  reserved: 'reserved',
};
