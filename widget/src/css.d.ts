/** CSS files are minified by the build and imported as text. */
declare module '*.css' {
  const css: string;
  export default css;
}
