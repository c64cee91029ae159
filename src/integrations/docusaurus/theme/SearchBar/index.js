// @theme/SearchBar: <recall-box mode="modal"> where the classic theme's navbar puts its search
// (a Search button, and Ctrl/⌘ K), in the page's language and color mode, with the plugin's
// options. Plain JavaScript with React.createElement, no JSX: the file needs no compile step of
// its own, whichever files Docusaurus's Babel rule happens to include.
import { createElement, useEffect } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { usePluginData } from '@docusaurus/useGlobalData';
import { useColorMode } from '@docusaurus/theme-common';
import './styles.css';

export default function SearchBar() {
  const { i18n, siteConfig } = useDocusaurusContext();
  const options = usePluginData('recall-box') ?? {};
  const { colorMode } = useColorMode();

  useEffect(() => {
    // The built pages load the bundles with <script type="module"> (the plugin's head tags);
    // `docusaurus start` has no bundles in the site, so the widget comes from the package instead.
    if (document.querySelector('script[data-recall-box]')) return;
    if (!customElements.get('recall-box')) import('recall-box/widget');
    if (options.highlight !== false) import('recall-box/highlight');
  }, [options.highlight]);

  // Attributes, not properties: the server render writes them into the HTML, and React 18 sets
  // only attributes on custom elements. The site's widget options come last and win; `false`
  // leaves a boolean attribute off and `true` sets it.
  const attributes = {
    mode: 'modal',
    endpoint: options.endpoint ?? '/search',
    lang: i18n.localeConfigs[i18n.currentLocale]?.htmlLang ?? i18n.currentLocale,
    theme: colorMode === 'dark' ? 'dark' : 'light',
    // The fallback's "Browse the docs" link: the site's start, under its base URL.
    home: siteConfig.baseUrl,
  };
  for (const [name, value] of Object.entries(options.widget ?? {})) {
    if (value === false) delete attributes[name];
    else attributes[name] = value === true ? '' : String(value);
  }
  return createElement('div', { className: 'recall-box-search' }, createElement('recall-box', attributes));
}
