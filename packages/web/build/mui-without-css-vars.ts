import type { Plugin } from 'vite';

/**
 * Leaves MUI's CSS-variables theming out of the build. Our theme is one light palette without
 * `cssVariables` or `colorSchemes` (src/app/theme.ts), so MUI's `createTheme` and `ThemeProvider`
 * always take their plain path; but both import the CSS-variables path too, and the bundler
 * cannot drop a branch decided at run time: some 10 KB gzipped of the agenda's first load
 * (the color-scheme provider, its inline script, the variables' theme builder) never ran.
 *
 * The two imports are replaced by functions that fail loudly, should a theme ever ask for CSS
 * variables: that theme needs this plugin removed. A MUI release that changes the imports
 * fails the build here instead of silently bringing the code back.
 */
const REPLACEMENTS: readonly { file: RegExp; from: string; to: string }[] = [
  {
    file: /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/,
    from: 'import createThemeWithVars from "./createThemeWithVars.mjs";',
    to: 'const createThemeWithVars = () => { throw new Error("MUI CSS variables are left out of this build (build/mui-without-css-vars.ts)"); };',
  },
  {
    file: /[\\/]@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
    from: 'import { CssVarsProvider } from "./ThemeProviderWithVars.mjs";',
    to: 'const CssVarsProvider = () => { throw new Error("MUI CSS variables are left out of this build (build/mui-without-css-vars.ts)"); };',
  },
];

export function muiWithoutCssVars(): Plugin {
  const replaced = new Set<RegExp>();
  return {
    name: 'planner-mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced.clear();
    },
    transform(code, id) {
      const replacement = REPLACEMENTS.find(({ file }) => file.test(id));
      if (!replacement) return null;
      if (!code.includes(replacement.from)) {
        this.error(`MUI changed ${id}: "${replacement.from}" is gone; update this plugin`);
      }
      replaced.add(replacement.file);
      return { code: code.replace(replacement.from, replacement.to), map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missed = REPLACEMENTS.filter(({ file }) => !replaced.has(file));
      if (missed.length > 0) {
        this.error(
          `MUI's theme modules moved (${missed.map(({ file }) => file.source).join(', ')}); update this plugin`,
        );
      }
    },
  };
}
