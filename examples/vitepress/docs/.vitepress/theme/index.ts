// VitePress's default theme with recall-box as the navbar search.
export { default } from 'recall-box/vitepress/theme';
