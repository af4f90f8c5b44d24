import type { Page } from '../connector';

/** Every page of an async page iterator, in order. */
export async function collectPages(pages: AsyncIterable<Page>): Promise<Page[]> {
  const all: Page[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

export function idsOf(pages: Page[]): string[] {
  return pages.flatMap((p) => p.objects.map((o) => o.id));
}
