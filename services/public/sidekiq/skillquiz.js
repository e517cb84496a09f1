// SkillQuiz's additions to agendash's page at /sidekiq (served as a file: the Content-Security-Policy
// allows no inline script). Runs before agendash's own module script.
//  1. Every write the dashboard makes carries the session's CSRF token (X-CSRF-Token, from the
//     CSRF-TOKEN cookie), which the services require of every admin write.
//  2. The admin bar of the rest of the admin area, so the dashboard sits in the product.
//  3. agendash's row actions are clickable <span>s with a title: they become buttons for the
//     keyboard and screen readers (role, name, focus, Enter and Space).
(function () {
  'use strict';

  function csrfToken() {
    var match = /(?:^|;\s*)CSRF-TOKEN=([^;]*)/.exec(document.cookie);
    return match ? decodeURIComponent(match[1]) : '';
  }

  var originalFetch = window.fetch.bind(window);
  window.fetch = function (input, init) {
    var options = init || {};
    var method = (options.method || (input && input.method) || 'GET').toUpperCase();
    var url = new URL(typeof input === 'string' ? input : input.url, window.location.href);
    if (method !== 'GET' && method !== 'HEAD' && url.origin === window.location.origin) {
      var headers = new Headers(options.headers || (input && input.headers) || {});
      headers.set('X-CSRF-Token', csrfToken());
      options = Object.assign({}, options, { headers: headers });
    }
    return originalFetch(input, options);
  };

  function link(href, text, current) {
    var li = document.createElement('li');
    var a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    if (current) {
      a.setAttribute('aria-current', 'page');
      a.className = 'active';
    }
    li.appendChild(a);
    return li;
  }

  function addBar() {
    var bar = document.createElement('header');
    bar.className = 'sq-admin-bar';
    var brand = document.createElement('span');
    brand.className = 'sq-admin-brand';
    brand.innerHTML = '<span class="sq-admin-brand-name">SkillQuiz</span> <span class="sq-admin-brand-area">Admin</span>';
    var nav = document.createElement('nav');
    nav.setAttribute('aria-label', 'Admin');
    var list = document.createElement('ul');
    list.className = 'sq-admin-links';
    list.appendChild(link('/admin/atoms', 'Atoms'));
    list.appendChild(link('/admin/questions', 'Questions'));
    // The shell's admin bar for an admin (shell/src/components/AdminFrame.tsx), minus the dev outbox.
    list.appendChild(link('/admin/remotes', 'Live remotes'));
    list.appendChild(link('/hiring', 'Candidates'));
    list.appendChild(link('/hiring/settings', 'Settings'));
    list.appendChild(link('/sidekiq/', 'Background jobs', true));
    list.appendChild(link('/logout', 'Logout'));
    nav.appendChild(list);
    bar.appendChild(brand);
    bar.appendChild(nav);
    var heading = document.createElement('h1');
    heading.className = 'sq-visually-hidden';
    heading.textContent = 'Background jobs';
    document.body.insertBefore(heading, document.body.firstChild);
    document.body.insertBefore(bar, document.body.firstChild);
    document.documentElement.lang = 'en';
  }

  function makeActionsButtons(root) {
    var spans = root.querySelectorAll ? root.querySelectorAll('span.action-btn:not([role])') : [];
    for (var i = 0; i < spans.length; i++) {
      var span = spans[i];
      span.setAttribute('role', 'button');
      span.setAttribute('tabindex', '0');
      if (span.title) span.setAttribute('aria-label', span.title);
    }
  }

  document.addEventListener('keydown', function (event) {
    var target = event.target;
    if (!target || !target.matches || !target.matches('span.action-btn[role="button"]')) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      target.click();
    }
  });

  function start() {
    addBar();
    makeActionsButtons(document);
    new MutationObserver(function () {
      makeActionsButtons(document);
    }).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
