// Amazon's own endpoints get what AWS expects (virtual-hosted requests, region redirects, its
// checksums); every other host is treated as an S3-compatible server (MinIO, R2, Ceph, s3rver…).
const AWS_HOST = /(^|\.)amazonaws\.com(\.cn)?$/;
// s3.eu-west-1.amazonaws.com, s3-eu-west-1.amazonaws.com, s3.dualstack.eu-west-1.amazonaws.com, s3-fips.…
const AWS_REGION_IN_HOST = /^s3[.-](?:(?:dualstack|fips)[.-])?([a-z]{2}(?:-gov)?-[a-z]+-\d+)\.amazonaws\.com(\.cn)?$/;

export function isAwsHost(host: string): boolean {
  return AWS_HOST.test(host);
}

/** The region an AWS endpoint names, or undefined (`s3.amazonaws.com` is the global endpoint). */
export function regionOfAwsHost(host: string): string | undefined {
  return AWS_REGION_IN_HOST.exec(host)?.[1];
}
