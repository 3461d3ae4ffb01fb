// The comment section's own script (comments.js), added to the page only when it is about to be read.
import { $, h } from './dom.js';

// The comment section's script is fetched once the section comes near the viewport: most visits never
// scroll that far, and the first paint and first-load script budget are the page's own. A keyboard user's first
// Tab fetches it too: tabbing scrolls only as far as the sections above it, whose size is estimated until shown.
export function loadCommentsNearby() {
  const section = $('#comments[data-script]');
  if (!section) return;
  let observer = null;
  const load = () => {
    if (observer) observer.disconnect();
    document.removeEventListener('keydown', onTab);
    document.head.append(h('script', { src: section.dataset.script, defer: true }));
  };
  const onTab = (event) => { if (event.key === 'Tab') load(); };
  if (!('IntersectionObserver' in window)) { load(); return; }
  observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) load();
  }, { rootMargin: '800px 0px' });
  observer.observe(section);
  document.addEventListener('keydown', onTab);
}
