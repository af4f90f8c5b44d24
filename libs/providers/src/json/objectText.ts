// The JSON text an object was parsed from, when a reader kept it: rows then hand it to the
// destination as `data` instead of serialising the object again (docs/destinations.md, "The
// table spec and the rows"). Keyed by the object itself, so the text goes wherever the object
// goes and is dropped with it; an object made anew (a copy with completed lists) has none and is
// serialised as before. Parsed objects are never changed in place after they are read.
const texts = new WeakMap<object, string>();

export function rememberJsonText(object: object, text: string): void {
  texts.set(object, text);
}

/** The text `object` was parsed from, or undefined when none was kept. */
export function jsonTextOf(object: object): string | undefined {
  return texts.get(object);
}
