/**
 * A list page's body, `{"object":"list","data":[…],"has_more":…,"url":…}`, written straight
 * into one buffer. The items are generated JSON strings; joining them into one string and then
 * encoding that would copy every byte twice more, and on a full read that assembly costs as much
 * as generating the objects.
 */
export function listJson(items: readonly string[], hasMore: boolean, url: string): Buffer {
  const head = '{"object":"list","data":[';
  const tail = `],"has_more":${hasMore},"url":${JSON.stringify(url)}}`;
  let length = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, items.length - 1);
  for (const item of items) length += Buffer.byteLength(item, 'utf8');
  const body = Buffer.allocUnsafe(length);
  let offset = body.write(head, 0, 'utf8');
  items.forEach((item, i) => {
    if (i > 0) offset = body.writeUInt8(0x2c, offset);
    offset += body.write(item, offset, 'utf8');
  });
  body.write(tail, offset, 'utf8');
  return body;
}
