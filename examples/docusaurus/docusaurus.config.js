// @ts-check
// The Driftwood docs: a minimal Docusaurus 3 classic site (docs only, at the site's root) searched
// with recall-box. The line that adds it is the one in `plugins`.

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Driftwood',
  tagline: 'Backups that restore',
  favicon: 'img/favicon.svg',
  url: 'https://driftwood.example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  i18n: { defaultLocale: 'en', locales: ['en'] },

  plugins: [
    [
      'recall-box/docusaurus',
      /** @type {import('recall-box/docusaurus').RecallBoxOptions} */
      ({ widget: { placeholder: 'Search the Driftwood docs' } }),
    ],
  ],

  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.js',
          editUrl: 'https://github.com/example/driftwood/edit/main/',
        },
        blog: false,
      }),
    ],
  ],

  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      navbar: {
        title: 'Driftwood',
        items: [{ type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Documentation' }],
      },
      footer: {
        style: 'dark',
        copyright: 'Driftwood is a made-up product, here to show recall-box on Docusaurus.',
      },
    }),
};

export default config;
