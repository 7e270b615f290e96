/**
 * java-tron's beans as fastjson 1.2.83 writes them (`JSON.toJSONString(bean, prettyFormat)`):
 * properties in alphabetical order, null properties left out, doubles in Java's `Double.toString`
 * form (`0.0`, `1.5E-4`), and the pretty format's tab indentation.
 */
import { JsonText } from "@tronode/engine/internal";

/** A Java `double` property (a JavaScript number is otherwise an integer). */
export class JavaDouble {
  constructor(readonly value: number) {}
}

export type BeanValue =
  | string
  | number
  | bigint
  | boolean
  | JavaDouble
  | undefined
  | readonly BeanValue[]
  | { readonly [key: string]: BeanValue };

/** Java's Double.toString: plain between 10^-3 and 10^7, else `d.dddE±n`; shortest digits. */
export function javaDoubleText(value: number): string {
  if (!Number.isFinite(value)) return "null"; // fastjson writes NaN and the infinities as null
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes(".") ? text : `${text}.0`;
  }
  const [mantissa = "0", exponent = "0"] = value.toExponential().split("e");
  return `${mantissa.includes(".") ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

function write(value: BeanValue, pretty: boolean, depth: number): string | undefined {
  if (value === undefined) return undefined;
  if (value instanceof JavaDouble) return javaDoubleText(value.value);
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
    case "bigint":
      return value.toString();
    case "boolean":
      return value ? "true" : "false";
  }
  const inner = pretty ? `\n${"\t".repeat(depth + 1)}` : "";
  const outer = pretty ? `\n${"\t".repeat(depth)}` : "";
  if (Array.isArray(value)) {
    const items = value.map((v) => write(v, pretty, depth + 1) ?? "null");
    return items.length === 0 ? "[]" : `[${inner}${items.join(`,${inner}`)}${outer}]`;
  }
  const object = value as { readonly [key: string]: BeanValue };
  const entries = Object.keys(object)
    .sort()
    .flatMap((key) => {
      const text = write(object[key], pretty, depth + 1);
      return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
    });
  return entries.length === 0 ? "{}" : `{${inner}${entries.join(`,${inner}`)}${outer}}`;
}

/** The bean's fastjson text, ready to send as it is. */
export function fastjsonText(bean: BeanValue, options: { pretty: boolean }): JsonText {
  return new JsonText(write(bean, options.pretty, 0) ?? "null");
}
