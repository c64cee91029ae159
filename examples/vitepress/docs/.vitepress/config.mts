import { defineConfig } from 'vitepress';
import { withRecallBox } from 'recall-box/vitepress';

// The one line recall-box needs here is the withRecallBox(…) around the config: it indexes the
// built site at the end of `vitepress build` and configures the navbar search of the theme.
export default withRecallBox(
  defineConfig({
    title: 'Tidepool',
    description: 'Background jobs for Node, on SQLite.',
    lang: 'en-US',
    cleanUrls: true,
    themeConfig: {
      nav: [
        { text: 'Guide', link: '/guide/getting-started' },
        { text: 'Reference', link: '/reference/configuration' },
      ],
      sidebar: [
        {
          text: 'Guide',
          items: [
            { text: 'Getting started', link: '/guide/getting-started' },
            { text: 'Jobs', link: '/guide/jobs' },
            { text: 'Retries', link: '/guide/retries' },
            { text: 'Scheduling', link: '/guide/scheduling' },
          ],
        },
        { text: 'Reference', items: [{ text: 'Configuration', link: '/reference/configuration' }] },
      ],
      editLink: { pattern: 'https://github.com/example/tidepool/edit/main/docs/:path' },
      outline: [2, 3],
    },
  }),
  { widget: { placeholder: 'Search the Tidepool docs' } },
);
