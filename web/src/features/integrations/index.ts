/** What other features may use from the integrations feature. */
export { MarkdownView } from './components/markdown-view';
