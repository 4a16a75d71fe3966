import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Writes home.html: index.html plus hints that start what the home page always needs with the HTML instead of
 * after the app's code has run: module preloads for the home route's lazy chunk and the chunks it imports, with
 * their stylesheets (one round trip less before the feed can render), and preloads for the API calls it makes
 * with the settings of a first visit. The server sends it for `/` only; every other route gets index.html, so no other page pays.
 */
export function homePage(options: { route: string; fetches: readonly string[] }): Plugin {
  return {
    name: 'keeb:home-page',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('keeb:home-page: the build has no index.html');
        const isChunk = (file: string): OutputChunk | undefined => {
          const output = bundle[file];
          return output?.type === 'chunk' ? output : undefined;
        };
        const route = Object.values(bundle).find(
          (output): output is OutputChunk => output.type === 'chunk' && (output.facadeModuleId ?? '').endsWith(options.route),
        );
        if (!route) throw new Error(`keeb:home-page: no chunk for ${options.route}`);
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
        const html = String(index.source);
        const hints = [
          ...[...chunks].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          // As stylesheets, not preloads: Vite's loader then finds them in place and does not wait for them again.
          ...[...styles].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ...options.fetches.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`),
        ];
        this.emitFile({ type: 'asset', fileName: 'home.html', source: html.replace('</head>', `  ${hints.join('\n    ')}\n  </head>`) });
      },
    },
  };
}
