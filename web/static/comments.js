// The comment section of the tracker page and of every point page: signing up, in and out, the account
// panel, and the comments of the section's subject with replies, edits and moderation. It speaks the JSON
// API of docs/COMMUNITY.md. Plain JS, no build step. Only the server's sanitised `body_html` is ever parsed
// as markup; every other value from the server or the reader goes into the page as text.
'use strict';
(() => {
  const root = document.getElementById('comments');
  if (!root || !root.dataset.subject) return;
  const subject = root.dataset.subject;
  const accountBox = document.getElementById('comments-account');
  const composeBox = document.getElementById('comments-compose');
  const listBox = document.getElementById('comments-list');
  const pagesNav = document.getElementById('comments-pages');

  const MAX_BODY_CHARS = 5000; // the server's limit, counted in code points as the server counts them
  const MAX_INDENT_DEPTH = 5;  // deeper replies line up with their parent so a phone keeps some width
  const REPLIES_PER_REQUEST = 100;  // as the server sends a thread's further replies
  const REPLIES_SHOWN_FOR_A_REPLY = 5 * REPLIES_PER_REQUEST;
  // through: per thread, the reply up to which the reader asked to see it (a hundred more a click, or the reply
  // just posted), fetched again on each reload; more: the replies the list leaves out, per thread; loads: counts
  // list loads, so that only the newest draws.
  // meKnown: settles once who is signed in is known, so that a list drawn before then still gets its Reply buttons.
  const state = { me: null, csrf: '', page: 1, through: new Map(), more: new Map(), loads: 0, meKnown: Promise.resolve() };
  let uid = 0;
  const nextId = (stem) => `cm-${stem}-${++uid}`;

  // An element with attributes and children; strings become text nodes, so data can never become markup.
  function h(tag, attrs, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === 'class') element.className = value;
      else if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
      else element.setAttribute(name, value === true ? '' : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      element.append(child instanceof Node ? child : String(child));
    }
    return element;
  }

  // ---- the API ------------------------------------------------------------------------------------

  // What a refusal says, from its `detail`; a 429 adds how long to wait (its Retry-After seconds).
  function refusalText(response, answer) {
    let text = (answer && typeof answer.detail === 'string' && answer.detail) ||
      `The server refused the request (HTTP ${response.status}).`;
    if (response.status === 429) {
      const wait = response.headers.get('Retry-After');
      // The server's own words end with when to try again; the header says exactly when.
      if (wait) text = text.replace(/;? *try again [a-z ]*$/i, '') + `; try again in ${wait} second${wait === '1' ? '' : 's'}.`;
    }
    return text;
  }

  // One API call: {ok, status, data} or {ok: false, status, error, field}. Every write carries the CSRF
  // token and a JSON body; a write refused for a stale token fetches a fresh one and is tried once more.
  async function api(method, path, body, retried = false) {
    const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
    if (method !== 'GET') {
      init.headers['Content-Type'] = 'application/json';
      init.headers['X-CSRF-Token'] = state.csrf;
      init.body = JSON.stringify(body || {});
    }
    let response;
    try {
      response = await fetch('/api/v1/' + path, init);
    } catch {
      return { ok: false, status: 0, error: 'The server could not be reached. Check the connection and try again.' };
    }
    let answer = null;
    if (response.status !== 204) {
      try { answer = await response.json(); } catch { answer = null; }
    }
    if (response.ok) return { ok: true, status: response.status, data: answer };
    if (response.status === 403 && !retried && method !== 'GET' && answer && /csrf/i.test(answer.error || '')) {
      // The session may have ended meanwhile (signed out in another tab): then the page says so too.
      const before = state.me && state.me.id;
      if (await loadMe()) {
        if ((state.me && state.me.id) !== before) {
          renderAccount();
          // Signed out meanwhile: the form stays, text and all, with the reason; signing in brings the text along.
          if (before && !state.me) {
            return { ok: false, status: 401, error: 'You were signed out (perhaps in another tab). Sign in again above; ' +
              'your text is kept.' };
          }
          renderCompose();
        }
        return api(method, path, body, true);
      }
    }
    return { ok: false, status: response.status, error: refusalText(response, answer), field: answer && answer.field };
  }

  // ---- forms --------------------------------------------------------------------------------------

  // A message line below a form, announced to screen readers when it changes.
  const messageLine = () => h('p', { class: 'form-message', 'aria-live': 'polite' });
  function say(line, text, kind = 'error') {
    if (text) clearSuccesses(line);
    // The server's words start in lower case, as its other messages do; on their own line, a sentence gets a capital.
    line.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    line.className = 'form-message' + (text ? ' ' + kind : '');
  }
  // One outcome is shown at a time: a success said before ("Comment posted.") no longer describes the section.
  function clearSuccesses(except) {
    for (const line of root.querySelectorAll('.form-message.success')) {
      if (line === except) continue;
      line.textContent = '';
      line.className = 'form-message';
    }
  }

  // A labelled input; `attrs` go to the <input>.
  function field(label, attrs, hint) {
    const id = nextId(attrs.name);
    const hintId = hint ? id + '-hint' : null;
    return h('div', { class: 'field' },
      h('label', { for: id }, label),
      h('input', { id, 'aria-describedby': hintId, ...attrs }),
      hint && h('span', { class: 'note', id: hintId }, hint));
  }

  // Runs `action(values)` on submit with the form's controls disabled, then shows its refusal or calls
  // `done(result)`. The failing field, when the server names one, gets the focus.
  function handleSubmit(form, line, action, done) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const values = Object.fromEntries(new FormData(form));
      const controls = [...form.elements];
      const wasDisabled = controls.map((c) => c.disabled);
      controls.forEach((c) => { c.disabled = true; });
      say(line, '');
      form.setAttribute('aria-busy', 'true');
      const result = await action(values);
      form.removeAttribute('aria-busy');
      controls.forEach((c, i) => { c.disabled = wasDisabled[i]; });
      if (!result.ok) {
        const culprit = result.field && form.elements.namedItem(result.field);
        const label = culprit && culprit.labels && culprit.labels[0];
        say(line, label ? `${label.textContent}: ${result.error}` : result.error);
        if (culprit && culprit.focus) culprit.focus();
        // Disabling the focused button sent focus to the page: back to the form's first control, where the user was.
        else if (form.isConnected && !form.contains(document.activeElement)) {
          const first = controls.find((c) => !c.disabled && c.focus);
          if (first) first.focus();
        }
        return;
      }
      done(result);
    });
    form.addEventListener('input', () => { if (line.classList.contains('success')) say(line, ''); });
  }

  // A textarea with a live count against the server's limit; past it, `submit` is disabled.
  function bodyField(label, value, submit) {
    const id = nextId('body');
    const countId = id + '-count';
    const area = h('textarea', { id, name: 'body', rows: '4', required: true, 'aria-describedby': countId });
    area.value = value || '';
    const count = h('span', { class: 'char-count', id: countId });
    const update = () => {
      const used = [...area.value].length;
      const over = used > MAX_BODY_CHARS;
      count.textContent = over ? `${used} / ${MAX_BODY_CHARS} characters: ${used - MAX_BODY_CHARS} too many`
        : `${used} / ${MAX_BODY_CHARS} characters`;
      count.classList.toggle('over', over);
      submit.disabled = over;
    };
    area.addEventListener('input', update);
    update();
    return { area, element: h('div', { class: 'field' }, h('label', { for: id }, label), area, count) };
  }

  // ---- the account --------------------------------------------------------------------------------

  // Fetches who is signed in and the CSRF token; false (after saying why) when the server cannot tell.
  async function loadMe() {
    const result = await api('GET', 'me');
    if (!result.ok) {
      accountBox.replaceChildren(h('p', { class: 'form-message error', role: 'alert' },
        'Signing in is not available right now: ' + result.error));
      return false;
    }
    adoptMe(result.data);
    return true;
  }

  function adoptMe(me) {
    state.me = me && me.signed_in ? me.user : null;
    state.csrf = (me && me.csrf_token) || '';
  }

  const isAdmin = () => Boolean(state.me && state.me.admin);

  // After signing in or out: the account area, the comment form and the buttons all change.
  function refreshAll() {
    renderAccount();
    renderCompose();
    return loadComments(state.page);
  }

  function renderAccount() {
    accountBox.replaceChildren(state.me ? signedInView() : signedOutView());
  }

  function signedInView() {
    const line = messageLine();
    const signOut = h('button', { type: 'button', class: 'secondary' }, 'Sign out');
    signOut.addEventListener('click', async () => {
      signOut.disabled = true;
      const result = await api('DELETE', 'session');
      signOut.disabled = false;
      if (!result.ok) { say(line, result.error); return; }
      await afterSignOut('Signed out.');
    });
    return h('div', { class: 'account-signed-in' },
      h('p', { class: 'account-line' },
        h('span', { class: 'account-name' }, 'Signed in as ', h('strong', null, state.me.display_name)),
        state.me.admin && h('span', { class: 'badge' }, 'admin'),
        signOut),
      line,
      accountPanel());
  }

  async function afterSignOut(message) {
    await loadMe();
    await refreshAll();
    const line = accountBox.querySelector('.form-message');
    if (line) say(line, message, 'success');
    // The button pressed is gone: focus goes where the next step is, the sign-in form.
    const email = accountBox.querySelector('#comments-sign-in input');
    if (email) email.focus();
  }

  // Signed in (or up): the account line says so, announced, and focus goes to the comment box.
  async function afterSignIn(result) {
    adoptMe(result.data);
    await refreshAll();
    const line = accountBox.querySelector('.form-message');
    if (line && state.me) say(line, `Signed in as ${state.me.display_name}.`, 'success');
    const box = composeBox.querySelector('textarea');
    if (box) box.focus();
  }

  // Change password and delete account, folded away until asked for.
  function accountPanel() {
    const passwordLine = messageLine();
    const passwordButton = h('button', { type: 'submit' }, 'Change password');
    const passwordForm = h('form', { class: 'account-form', 'aria-label': 'Change password' },
      field('Current password', { name: 'current_password', type: 'password', autocomplete: 'current-password', required: true }),
      field('New password', { name: 'new_password', type: 'password', autocomplete: 'new-password', required: true },
        'At least 10 characters, not a common password. Your other sessions end.'),
      h('div', { class: 'form-actions' }, passwordButton), passwordLine);
    handleSubmit(passwordForm, passwordLine, (v) => api('POST', 'account/password', v), async () => {
      passwordForm.reset();
      say(passwordLine, 'Password changed. Other sessions are signed out.', 'success');
      const result = await api('GET', 'me');
      if (result.ok) adoptMe(result.data);
    });

    const deleteLine = messageLine();
    const deleteForm = h('form', { class: 'account-form', 'aria-label': 'Delete account' },
      h('p', { class: 'note' }, 'Deleting your account signs you out for good. Your comments stay, shown as from a deleted account.'),
      field('Password', { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
      h('div', { class: 'form-actions' }, h('button', { type: 'submit', class: 'danger' }, 'Delete my account')),
      deleteLine);
    handleSubmit(deleteForm, deleteLine, (v) => api('DELETE', 'account', v),
      () => afterSignOut('Your account is deleted.'));

    return h('details', { class: 'account-panel' }, h('summary', null, 'Account'),
      h('h3', null, 'Change password'), passwordForm,
      h('h3', null, 'Delete account'), deleteForm);
  }

  function signedOutView() {
    const signInLine = messageLine();
    const signIn = h('form', { class: 'account-form', id: 'comments-sign-in', 'aria-labelledby': 'cm-sign-in-title' },
      h('h3', { id: 'cm-sign-in-title' }, 'Sign in'),
      // type=text with an email keyboard: the browser's email check refuses addresses the server takes (émile@...).
      field('Email', { name: 'email', type: 'text', inputmode: 'email', autocomplete: 'username', required: true,
        spellcheck: 'false', autocapitalize: 'off' }),
      field('Password', { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
      h('div', { class: 'form-actions' }, h('button', { type: 'submit' }, 'Sign in')), signInLine);
    handleSubmit(signIn, signInLine, (v) => api('POST', 'session', v), afterSignIn);

    const signUpLine = messageLine();
    const signUp = h('form', { class: 'account-form', id: 'comments-sign-up', 'aria-labelledby': 'cm-sign-up-title', hidden: true },
      h('h3', { id: 'cm-sign-up-title' }, 'Create an account'),
      field('Display name', { name: 'display_name', type: 'text', autocomplete: 'nickname', required: true, maxlength: '60' },
        'Shown beside your comments.'),
      field('Email', { name: 'email', type: 'text', inputmode: 'email', autocomplete: 'email', required: true,
        spellcheck: 'false', autocapitalize: 'off' },
        'Only for signing in; never shown and never sent mail.'),
      field('Password', { name: 'password', type: 'password', autocomplete: 'new-password', required: true },
        'At least 10 characters, not a common password.'),
      h('div', { class: 'form-actions' }, h('button', { type: 'submit' }, 'Create account')), signUpLine);
    handleSubmit(signUp, signUpLine, (v) => api('POST', 'account', v), afterSignIn);

    const toggle = h('button', { type: 'button', class: 'link-button', 'aria-controls': 'comments-sign-in comments-sign-up' });
    const show = (signingUp) => {
      signIn.hidden = signingUp;
      signUp.hidden = !signingUp;
      toggle.textContent = signingUp ? 'Have an account? Sign in' : 'New here? Create an account';
    };
    toggle.addEventListener('click', () => {
      show(signUp.hidden);
      (signUp.hidden ? signIn : signUp).querySelector('input').focus();
    });
    show(false);
    return h('div', { class: 'account-signed-out' }, signIn, signUp, h('p', { class: 'account-toggle' }, toggle));
  }

  // ---- writing ------------------------------------------------------------------------------------

  function renderCompose() {
    if (!state.me) {
      composeBox.replaceChildren(h('p', { class: 'sign-in-prompt' }, 'Sign in to comment.'));
      return;
    }
    const line = messageLine();
    const submit = h('button', { type: 'submit' }, 'Post comment');
    // A text typed before the session ended (or before signing in again) is carried into the new form.
    const draft = composeBox.querySelector('textarea');
    const body = bodyField('Your comment (Markdown)', draft ? draft.value : '', submit);
    const form = h('form', { class: 'comment-form', id: 'comments-new', 'aria-label': 'New comment' },
      body.element, h('div', { class: 'form-actions' }, submit), line);
    handleSubmit(form, line, (v) => api('POST', 'comments', { subject, body: v.body }), async () => {
      form.reset();
      body.area.dispatchEvent(new Event('input'));
      say(line, 'Comment posted.', 'success');
      await loadComments(1);
      body.area.focus();  // the button that had focus was disabled while sending: back to the box, for the next
    });
    composeBox.replaceChildren(form);
  }

  // An inline form under a comment, for a reply or an edit; one at a time per comment. Cancel (or Escape) gives the
  // focus back to `opener`, the button that opened it.
  function openInlineForm(slot, { label, value, button, send, doneText, opener }) {
    const line = messageLine();
    const submit = h('button', { type: 'submit' }, button);
    const body = bodyField(label, value, submit);
    const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
    const form = h('form', { class: 'comment-form inline' }, body.element,
      h('div', { class: 'form-actions' }, submit, cancel), line);
    cancel.addEventListener('click', () => {
      slot.replaceChildren();
      if (opener) opener.focus();
    });
    form.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.isComposing) cancel.click();  // an input method's Escape is its own
    });
    handleSubmit(form, line, (v) => send(v.body), async (result) => {
      await loadComments(state.page, doneText);
      focusComment(result.data && result.data.id, result.data && result.data.thread_id);
    });
    slot.replaceChildren(form);
    body.area.focus();
  }

  // ---- reading ------------------------------------------------------------------------------------

  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const STEPS = [[60, 'second'], [60, 'minute'], [24, 'hour'], [7, 'day'], [4.35, 'week'], [12, 'month']];

  // "3 minutes ago" for a recent moment, the ISO date after a year; the exact time is in the title.
  function whenText(iso) {
    const moment = Date.parse(iso);
    if (!Number.isFinite(moment)) return iso;
    let amount = Math.min(0, (moment - Date.now()) / 1000); // a server clock a little ahead still says "now"
    for (const [size, unit] of STEPS) {
      if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
      amount /= size;
    }
    return iso.slice(0, 10);
  }

  function commentNode(comment) {
    const slot = h('div', { class: 'comment-slot' });
    const line = messageLine();
    const author = comment.author && !comment.author.deleted
      ? h('span', { class: 'comment-author' }, comment.author.display_name)
      : h('span', { class: 'comment-author gone' }, 'deleted account');
    const meta = h('p', { class: 'comment-meta' }, author, ' ',
      h('time', { datetime: comment.created_at, title: comment.created_at }, whenText(comment.created_at)),
      comment.edited_at && h('span', { class: 'comment-edited', title: 'Edited ' + comment.edited_at }, ' (edited)'),
      comment.hidden && !comment.deleted && comment.body_html && h('span', { class: 'badge' }, 'hidden'));

    let body;
    if (comment.deleted) {
      body = h('p', { class: 'comment-gone' }, 'comment deleted');
    } else if (comment.hidden && !comment.body_html) {
      body = h('p', { class: 'comment-gone' }, 'hidden by a moderator');
    } else {
      body = h('div', { class: 'comment-body' });
      body.innerHTML = comment.body_html || ''; // sanitised by the server: the one place markup comes in
    }

    const actions = h('div', { class: 'comment-actions' });
    // The server says which comments take replies: not a deleted or hidden one, nor one nested as deep as replies go.
    if (state.me && comment.accepts_replies) {
      actions.append(h('button', { type: 'button', class: 'link-button', onclick: (event) => openInlineForm(slot, {
        label: 'Reply', value: '', button: 'Post reply', doneText: 'Reply posted.', opener: event.currentTarget,
        send: async (text) => {
          const result = await api('POST', 'comments', { subject, body: text, parent_id: comment.id });
          // The new reply shows, past the replies a page lists, unless that takes more than a few requests (then its
          // thread's button to show more gets the focus).
          const left = state.more.get(comment.thread_id);
          if (result.ok && (!left || left.count <= REPLIES_SHOWN_FOR_A_REPLY)) {
            state.through.set(comment.thread_id, result.data.id);
          }
          return result;
        } }) }, 'Reply'));
    }
    if (comment.can_edit && !comment.deleted) {
      actions.append(h('button', { type: 'button', class: 'link-button', onclick: (event) => openInlineForm(slot, {
        label: 'Edit comment', value: comment.body || '', button: 'Save', doneText: 'Comment edited.',
        opener: event.currentTarget,
        send: (text) => api('PATCH', `comments/${comment.id}`, { body: text }) }) }, 'Edit'));
      actions.append(h('button', { type: 'button', class: 'link-button',
        onclick: (event) => confirmDelete(slot, comment, line, event.currentTarget) }, 'Delete'));
    }
    if (comment.can_hide) {
      const verb = comment.hidden ? 'restore' : 'hide';
      const button = h('button', { type: 'button', class: 'link-button' }, comment.hidden ? 'Restore' : 'Hide');
      button.addEventListener('click', async () => {
        button.disabled = true;
        const result = await api('POST', `comments/${comment.id}/${verb}`);
        if (!result.ok) { button.disabled = false; say(line, result.error); return; }
        await loadComments(state.page, comment.hidden ? 'Comment restored.' : 'Comment hidden.');
        focusComment(comment.id);
      });
      actions.append(button);
    }
    return h('article', { class: 'comment' + (comment.hidden ? ' is-hidden' : ''), id: `comment-${comment.id}`,
      'data-comment-id': comment.id, tabindex: '-1', 'aria-label': `Comment by ${author.textContent}` },
    meta, body, actions.childElementCount ? actions : null, slot, line);
  }

  // After a reload of the list the focused button is gone: the focus moves to the comment acted on.
  // A comment not shown (a reply among those a long thread leaves out) gives the focus to its thread's button that
  // shows more, or to the status line.
  function focusComment(id, threadId) {
    const article = document.getElementById(`comment-${id}`);
    const more = threadId != null && threadsBox.querySelector(`.more-replies[data-thread="${threadId}"]`);
    (article || more || listStatus).focus();
  }

  // The delete button asks once more, in place: a dialog box would be easy to dismiss by accident.
  function confirmDelete(slot, comment, line, opener) {
    const yes = h('button', { type: 'button', class: 'danger' }, 'Delete');
    const no = h('button', { type: 'button', class: 'secondary', onclick: () => {
      slot.replaceChildren();
      opener.focus();
    } }, 'Keep it');
    yes.addEventListener('click', async () => {
      yes.disabled = true;
      const result = await api('DELETE', `comments/${comment.id}`);
      if (!result.ok) { yes.disabled = false; say(line, result.error); return; }
      await loadComments(state.page, 'Comment deleted.');
      listStatus.focus();
    });
    slot.replaceChildren(h('div', { class: 'confirm', role: 'group', 'aria-label': 'Confirm deletion' },
      h('span', null, 'Delete this comment?'), yes, no));
    no.focus();
  }

  // Threads nested by parent_id: each comment's replies in a list inside its own item. A reply whose
  // parent is not on this page (which the API should never send) is shown at the top level. A thread with
  // replies not listed (`more`: its more_replies entry by thread id) ends with a button that shows them.
  function renderThreads(comments, more) {
    const children = new Map();
    const known = new Set(comments.map((c) => c.id));
    for (const comment of comments) {
      const parent = comment.parent_id != null && known.has(comment.parent_id) ? comment.parent_id : null;
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(comment);
    }
    const showMore = (entry) => h('button', { type: 'button', class: 'secondary more-replies',
      'data-thread': entry.thread_id, onclick: async (event) => {
      event.currentTarget.disabled = true;
      state.through.set(entry.thread_id, entry.after + 1);  // the next hundred
      const shown = await loadComments(state.page);
      const first = shown && shown.find((c) => c.thread_id === entry.thread_id && c.id > entry.after);
      (first ? document.getElementById(`comment-${first.id}`) : listStatus).focus();
    } }, entry.count <= REPLIES_PER_REQUEST
      ? `Show ${entry.count} more repl${entry.count === 1 ? 'y' : 'ies'}`
      : `Show ${REPLIES_PER_REQUEST} more replies (${entry.count} not shown)`);
    const list = (parent, depth) => h('ol', { class: 'comment-thread' + (depth > MAX_INDENT_DEPTH ? ' flat' : '') },
      children.get(parent).map((comment) => h('li', null, commentNode(comment),
        children.has(comment.id) && list(comment.id, depth + 1),
        depth === 0 && more.has(comment.id) && showMore(more.get(comment.id)))));
    return children.has(null) ? list(null, 0) : h('ol', { class: 'comment-thread' });
  }

  // The status line stays one element, so that screen readers announce what it says after each change.
  const listStatus = h('p', { class: 'status', id: 'comments-status', 'aria-live': 'polite', tabindex: '-1' });
  const threadsBox = h('div', { class: 'comment-threads' });

  // Appends to `comments` the replies of a thread its page left out (`entry`, from more_replies) up to the reply
  // `through`, a request per hundred; returns what is still left out, with the error of a request that failed.
  async function loadReplies(entry, comments, through) {
    let { after, count } = entry;
    while (count > 0 && after < through) {
      const result = await api('GET',
        `comments?subject=${encodeURIComponent(subject)}&thread=${entry.thread_id}&after=${after}`);
      if (!result.ok) return { thread_id: entry.thread_id, after, count, error: result.error };
      if (!result.data.comments.length) break;
      comments.push(...result.data.comments);
      after = result.data.comments[result.data.comments.length - 1].id;
      count = result.data.remaining;
    }
    return { thread_id: entry.thread_id, after, count };
  }

  // Shows page `page` of the subject's threads; `notice` ("Comment edited.") leads the status line. Returns the
  // comments shown, or nothing when the list could not be loaded or a newer load drew it.
  async function loadComments(page, notice = '') {
    const load = ++state.loads;
    listBox.setAttribute('aria-busy', 'true');
    const result = await api('GET', `comments?subject=${encodeURIComponent(subject)}&page=${page}`);
    const more = new Map();
    let problem = '';
    for (const entry of (result.ok && result.data.more_replies) || []) {
      const rest = await loadReplies(entry, result.data.comments, state.through.get(entry.thread_id) || 0);
      if (rest.error) problem = `Some replies could not be loaded: ${rest.error}`;
      if (rest.count > 0) more.set(entry.thread_id, rest);
    }
    await state.meKnown; // the buttons a comment gets depend on who is signed in
    if (load !== state.loads) return null;
    listBox.removeAttribute('aria-busy');
    if (!listStatus.isConnected) listBox.replaceChildren(listStatus, threadsBox);
    if (!result.ok) {
      listStatus.className = 'form-message error';
      listStatus.textContent = 'The comments could not be loaded: ' + result.error;
      listBox.dataset.state = 'error';
      return null;
    }
    const listing = result.data;
    state.page = listing.page || page;
    state.more = more;
    const pages = Math.max(1, Math.ceil((listing.total_threads || 0) / (listing.per_page || 1)));
    let summary;
    if (!listing.comments.length) {
      summary = state.page > 1 ? 'No comments on this page.' : 'No comments yet.';
    } else {
      summary = `${listing.total_threads} thread${listing.total_threads === 1 ? '' : 's'}` +
        (pages > 1 ? `, page ${state.page} of ${pages}` : '') + '.';
    }
    if (notice) clearSuccesses(null);
    listStatus.className = problem ? 'form-message error' : 'status';
    listStatus.textContent = [notice, summary, problem].filter(Boolean).join(' ');
    threadsBox.replaceChildren(renderThreads(listing.comments, more));
    listBox.dataset.state = 'ready';
    renderPager(pages);
    return listing.comments;
  }

  function renderPager(pages) {
    pagesNav.hidden = pages <= 1;
    const go = (page) => async () => {
      await loadComments(page);
      listStatus.focus();
    };
    // replaceChildren would show a skipped button's `false` as text: pass only the buttons there are.
    pagesNav.replaceChildren(...[
      state.page > 1 && h('button', { type: 'button', class: 'secondary', onclick: go(state.page - 1) }, 'Newer comments'),
      state.page < pages && h('button', { type: 'button', class: 'secondary', onclick: go(state.page + 1) }, 'Older comments'),
    ].filter(Boolean));
  }

  async function start() {
    state.meKnown = loadMe();
    const [signedIn] = await Promise.all([state.meKnown, loadComments(1)]);
    if (signedIn) {
      renderAccount();
      renderCompose();
    } else {
      composeBox.replaceChildren(h('p', { class: 'sign-in-prompt' }, 'Commenting needs signing in, which is not available right now.'));
    }
    root.dataset.state = 'ready';
  }
  start();
})();
