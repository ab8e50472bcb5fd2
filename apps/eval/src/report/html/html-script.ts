/**
 * The HTML report's script: it shows the toolbar (hidden without JS, where every scenario is simply listed)
 * and filters scenarios by status and by a search over name, file and tags. It reads only `data-*`
 * attributes, so no report data is ever parsed as code.
 */
export const htmlScript = `
(() => {
  const toolbar = document.querySelector('.toolbar');
  const scenarios = [...document.querySelectorAll('.scenario')];
  const search = toolbar.querySelector('input');
  const shown = toolbar.querySelector('.shown');
  const empty = document.querySelector('.empty');
  let filter = 'all';
  const matches = (scenario) =>
    filter === 'all' ||
    (filter === 'flaky' ? scenario.dataset.flaky === 'true' : scenario.dataset.status === filter);
  const apply = () => {
    const query = search.value.trim().toLowerCase();
    let count = 0;
    for (const scenario of scenarios) {
      const visible = matches(scenario) && scenario.dataset.search.includes(query);
      scenario.hidden = !visible;
      if (visible) count++;
    }
    shown.textContent = count + ' of ' + scenarios.length + ' shown';
    empty.hidden = count > 0;
  };
  for (const button of toolbar.querySelectorAll('button[data-filter]')) {
    button.addEventListener('click', () => {
      filter = button.dataset.filter;
      for (const other of toolbar.querySelectorAll('button[data-filter]')) {
        other.setAttribute('aria-pressed', String(other === button));
      }
      apply();
    });
  }
  for (const button of toolbar.querySelectorAll('button[data-open]')) {
    button.addEventListener('click', () => {
      for (const scenario of scenarios) if (!scenario.hidden) scenario.open = button.dataset.open === 'true';
    });
  }
  search.addEventListener('input', apply);
  toolbar.hidden = false;
  apply();
})();
`;
