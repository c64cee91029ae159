// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import recallBox from 'recall-box/astro';

export default defineConfig({
  integrations: [
    starlight({
      title: 'Quarry',
      sidebar: [
        { label: 'Guides', items: ['guides/getting-started', 'guides/migrations', 'guides/rollbacks'] },
        { label: 'Reference', items: ['reference/configuration'] },
      ],
      // The one line recall-box needs: Starlight's search becomes recall-box's, and `astro build`
      // indexes the built site into dist/_recall-box/pack/.
      plugins: [recallBox({ widget: { placeholder: 'Search the Quarry docs' } })],
    }),
  ],
});
