/** The part of @pushcorn/hocon-parser tronode uses (the package ships no types). */
declare module "@pushcorn/hocon-parser" {
  const hocon: {
    parse(options: { text: string }): Promise<unknown>;
  };
  export default hocon;
}
