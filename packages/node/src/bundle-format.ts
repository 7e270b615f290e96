/**
 * The files the build writes for the launcher (src/launcher.ts) and how they pair up; build.mjs
 * imports this module from dist/ to write them, the launcher to read them.
 *
 * The bundle ends in a tag line: a digest of everything above it. The code cache starts with a
 * header naming the tag of the bundle it was made from. V8 itself checks a cache only against the
 * source's length, so a cache from another build of the same length would otherwise be taken.
 */
export const BUNDLE_FILE = "./tronode-bundle.js";
export const BUNDLE_CACHE_FILE = "./tronode-bundle.cache";

/** The bundle's parameters: esbuild's output is the body of this function. */
export const BUNDLE_PARAMETERS = ["require", "__tronodeImportMetaUrl"] as const;

const TAG_PREFIX = "\n// tronode-bundle-tag ";
const CACHE_MAGIC = "tronode-v8-code-cache ";
/** 64 bytes, so V8 gets its data 8-byte aligned and need not copy it. */
export const CACHE_HEADER_BYTES = 64;

/** The tag at the end of a bundle's source, or "" when it has none. */
export function bundleTag(source: string): string {
  const at = source.lastIndexOf(TAG_PREFIX);
  return at < 0 ? "" : source.slice(at + TAG_PREFIX.length).trim();
}

/** The line that ends a bundle with this tag. */
export function tagLine(tag: string): string {
  return `${TAG_PREFIX}${tag}\n`;
}

/** A cache file's header for the bundle with this tag. */
export function cacheHeader(tag: string): Buffer {
  const header = Buffer.alloc(CACHE_HEADER_BYTES, " ");
  header.write(`${CACHE_MAGIC}${tag}\n`, "latin1");
  return header;
}

/** V8's data in a cache file made for the bundle with this tag, or undefined when it was not. */
export function cacheFits(file: Buffer, tag: string): Buffer | undefined {
  if (tag === "" || file.length <= CACHE_HEADER_BYTES) return undefined;
  return file.subarray(0, CACHE_HEADER_BYTES).equals(cacheHeader(tag))
    ? file.subarray(CACHE_HEADER_BYTES)
    : undefined;
}
