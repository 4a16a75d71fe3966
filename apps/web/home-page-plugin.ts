import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export interface RoutePage {
  /** The page written beside index.html, e.g. home.html; the server picks it by path (apps/api/src/platform/static.ts). */
  file: string;
  /** The route's lazily loaded page module, as the router imports it. */
  route: string;
  /** API calls the page always makes at start with exactly these URLs (a first visit's settings). */
  fetches?: readonly string[];
}

/**
 * Writes a copy of index.html per listed route (home.html for the feed, detail.html for an item, sell.html for the
 * listing form) with hints that start what that page always needs with the HTML instead of after the app's code has
 * run: module preloads for the route's lazy chunk and the chunks it imports, with their stylesheets (one round
 * trip less before the page can render), and preloads for the API calls it makes at start. The server sends each
 * for its own paths only; every other route gets index.html, so no other page pays.
 */
export function routePages(pages: readonly RoutePage[]): Plugin {
  return {
    name: 'keeb:route-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('keeb:route-pages: the build has no index.html');
        // Stylesheets first: they block the first paint (the loading screen in index.html) and otherwise queue behind
        // the module scripts for the browser's six connections per host.
        const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;
        const entryScript = /(\s*)<script type="module"/;
        const sheets = String(index.source).match(STYLESHEET) ?? [];
        const stylesFirst = (source: string, extraSheets: readonly string[]) =>
          source.replace(STYLESHEET, '').replace(entryScript, (match, space: string) => `${[...sheets.map((tag) => tag.trim()), ...extraSheets].map((tag) => `${space}${tag}`).join('')}${match}`);
        const html = stylesFirst(String(index.source), []);
        if (!entryScript.test(html)) throw new Error('keeb:route-pages: index.html has no module script');
        index.source = html;
        const isChunk = (file: string): OutputChunk | undefined => {
          const output = bundle[file];
          return output?.type === 'chunk' ? output : undefined;
        };
        for (const page of pages) {
          const route = Object.values(bundle).find(
            (output): output is OutputChunk => output.type === 'chunk' && (output.facadeModuleId ?? '').endsWith(page.route),
          );
          if (!route) throw new Error(`keeb:route-pages: no chunk for ${page.route}`);
          const chunks = new Set<string>();
          const styles = new Set<string>();
          const visit = (file: string) => {
            const chunk = isChunk(file);
            if (chunks.has(file) || !chunk) return;
            chunks.add(file);
            chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
            chunk.imports.forEach(visit);
          };
          visit(route.fileName);
          const preloads = [
            ...[...chunks].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...(page.fetches ?? []).map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`),
          ];
          // As stylesheets, not preloads: Vite's loader then finds them in place and does not wait for them again.
          const routeSheets = [...styles].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
          const source = stylesFirst(html, routeSheets).replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
          this.emitFile({ type: 'asset', fileName: page.file, source });
        }
      },
    },
  };
}
