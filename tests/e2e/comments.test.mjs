// The comment section in a real browser against the real server: accounts, posting, replies, edits,
// deletion and moderation, comments kept to their own page, markup in a comment left inert, and the
// server's refusals shown beside the form that caused them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, newPage, screenshotPath, startServer } from './harness.mjs';

const PASSWORD = 'correct horse battery staple';

let server;
let browser;
let accounts = 0;
before(async () => {
  server = await startServer({ serveArgs: ['--password-hash-cost', 'minimum'] });
  // Every test signs up from the same address: more than the default ten an hour.
  server.cli('limits', 'set', 'sign_up_per_address', '100', '3600');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

// The browser reports every 4xx answer as a console error; a test that provokes one on purpose names it.
function unexpectedProblems(page, ...expectedStatuses) {
  const expected = expectedStatuses.map((status) => `the server responded with a status of ${status}`);
  return page.problems.filter((text) => !expected.some((part) => text.includes(part)));
}

// The tracker page fetches the section's script only when the section nears the viewport, as a reader
// scrolling down brings it there.
async function openSection(page, path = '/') {
  await page.goto(server.url + path);
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await page.waitForSelector('#comments[data-state="ready"]');
  await page.waitForSelector('#comments-list[data-state="ready"]');
}

function newEmail() {
  accounts += 1;
  return `reader${accounts}-${process.pid}@example.org`;
}

// Signs up through the sign-up form and waits for the signed-in state.
async function signUp(page, name, email = newEmail()) {
  await page.click('#comments-account .account-toggle button');
  const form = page.locator('#comments-sign-up');
  await form.getByLabel('Display name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.locator('#comments-account', { hasText: `Signed in as ${name}` }).waitFor();
  return email;
}

async function signIn(page, email) {
  const form = page.locator('#comments-sign-in');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#comments-account .account-name').waitFor();
}

async function post(page, text) {
  const form = page.locator('#comments-new');
  await form.locator('textarea').fill(text);
  await form.getByRole('button', { name: 'Post comment' }).click();
}

// The <article> of the comment whose text holds `text`.
const comment = (page, text) => page.locator('#comments-list article.comment', { hasText: text });

test('signed out, the section asks to sign in, and a refused sign-up shows the server\'s detail', async () => {
  const page = await newPage(browser);
  await openSection(page);
  assert.equal(await page.locator('#comments-compose').textContent(), 'Sign in to comment.');
  assert.equal(await page.locator('#comments-sign-in').isVisible(), true);
  assert.equal(await page.locator('#comments-sign-up').isVisible(), false);
  assert.equal(await page.locator('#comments-sign-in input[type="password"]').getAttribute('autocomplete'),
    'current-password');
  assert.equal(await page.locator('#comments-list .status').textContent(), 'No comments yet.');

  await page.click('#comments-account .account-toggle button');
  const form = page.locator('#comments-sign-up');
  assert.equal(await form.isVisible(), true);
  assert.equal(await form.getByLabel('Password').getAttribute('autocomplete'), 'new-password');
  await form.getByLabel('Display name').fill('Shorty');
  await form.getByLabel('Email').fill(newEmail());
  await form.getByLabel('Password').fill('short');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/account') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create account' }).click();
  const refusal = await (await answer).json();
  assert.equal((await answer).status(), 400);
  const message = form.locator('.form-message.error');
  await message.waitFor();
  assert.equal(refusal.field, 'password');
  assert.equal(await message.textContent(), `Password: ${refusal.detail}`); // the field's label, then the detail
  assert.equal(await message.getAttribute('aria-live'), 'polite');
  assert.equal(await page.locator('#comments-compose').textContent(), 'Sign in to comment.');
  await page.locator('#comments').screenshot({ path: screenshotPath('comments-refused-sign-up.png') });
  assert.deepEqual(unexpectedProblems(page, 400), []);
  await page.context().close();
});

test('sign up, post, reply, edit, delete, sign out and back in', async () => {
  const page = await newPage(browser);
  await openSection(page);
  const email = await signUp(page, 'Ada <b>Lovelace</b>');
  assert.equal(await page.locator('#comments-account .account-name strong').textContent(), 'Ada <b>Lovelace</b>');

  await post(page, 'The **MI355X** climb is remarkable.');
  const first = comment(page, 'climb is remarkable');
  await first.waitFor();
  assert.equal(await first.locator('.comment-body strong').textContent(), 'MI355X');
  assert.equal(await first.locator('.comment-author').textContent(), 'Ada <b>Lovelace</b>');
  assert.equal(await page.locator('#comments-new textarea').inputValue(), '');
  assert.equal(await page.locator('#comments-new .form-message').textContent(), 'Comment posted.');
  assert.equal(await page.locator('#comments-account .form-message.success').count(), 0,
    'a later success replaces "Signed in as"');

  // A reply is nested in its parent's item.
  await first.getByRole('button', { name: 'Reply' }).click();
  await first.locator('.comment-slot textarea').fill('Kernel work, mostly.');
  await first.getByRole('button', { name: 'Post reply' }).click();
  const reply = page.locator('#comments-list li li article.comment', { hasText: 'Kernel work, mostly.' });
  await reply.waitFor();

  // An edit shows the new text and the "(edited)" marker.
  await reply.getByRole('button', { name: 'Edit' }).click();
  assert.equal(await reply.locator('textarea').inputValue(), 'Kernel work, mostly.');
  await reply.locator('textarea').fill('Kernel work, mostly, and FP4.');
  await reply.getByRole('button', { name: 'Save' }).click();
  const edited = comment(page, 'and FP4.');
  await edited.locator('.comment-edited').waitFor();
  assert.equal((await edited.locator('.comment-edited').textContent()).trim(), '(edited)');
  assert.equal((await edited.locator('.comment-body').textContent()).trim(), 'Kernel work, mostly, and FP4.');

  await page.locator('#comments').screenshot({ path: screenshotPath('comments-signed-in.png') });
  const phone = await newPage(browser, { viewport: { width: 375, height: 812 }, isMobile: true,
    storageState: await page.context().storageState() });
  await openSection(phone);
  await phone.locator('#comments-new').waitFor();
  await phone.locator('#comments').scrollIntoViewIfNeeded();
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `page is ${width}px wide at 375px`);
  await phone.locator('#comments').screenshot({ path: screenshotPath('comments-375.png') });
  assert.deepEqual(phone.problems, []);
  await phone.context().close();

  // Deleting the first comment keeps its reply; the first shows as deleted.
  await first.getByRole('button', { name: 'Delete' }).click();
  await first.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await page.locator('#comments-list .comment-gone', { hasText: 'comment deleted' }).waitFor();
  assert.equal(await comment(page, 'climb is remarkable').count(), 0);
  // What is said is what happened last: "Comment posted." no longer stands beside the deletion.
  assert.match(await page.locator('#comments-status').textContent(), /^Comment deleted\./);
  assert.equal(await page.locator('#comments .form-message.success').count(), 0);
  assert.equal(await comment(page, 'and FP4.').count(), 1);

  // Signed out: the comments stay, the buttons and the form go.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.locator('#comments-sign-in').waitFor();
  await page.locator('#comments-compose', { hasText: 'Sign in to comment.' }).waitFor();
  await page.locator('#comments-list[data-state="ready"]').waitFor();
  assert.equal(await comment(page, 'and FP4.').count(), 1);
  assert.equal(await page.locator('#comments-list').getByRole('button').count(), 0);

  // The browser keeps its device cookie (HttpOnly, out of the script's reach) across the sign-out, and signing in
  // again sends it back and keeps the same one: this browser stays trusted for the account.
  const deviceCookie = async () => (await page.context().cookies()).find((c) => c.name === 'infertrack_device');
  const device = await deviceCookie();
  assert.ok(device, 'a device cookie after sign-up');
  assert.equal(device.httpOnly, true);
  assert.equal(device.sameSite, 'Lax');
  assert.ok(device.expires * 1000 > Date.now() + 300 * 24 * 3600 * 1000, 'kept about a year');
  assert.equal(await page.evaluate(() => document.cookie.includes('infertrack_device')), false);
  await signIn(page, email);
  await comment(page, 'and FP4.').getByRole('button', { name: 'Edit' }).waitFor();
  assert.equal((await deviceCookie()).value, device.value);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a comment on a point shows on that point\'s page and not on the tracker page', async () => {
  const [point] = (await server.api('/api/v1/points')).points;
  const path = '/points/' + encodeURIComponent(point.result_id);
  const page = await newPage(browser);
  await openSection(page, path);
  assert.equal(await page.locator('#comments').getAttribute('data-subject'), `point:${point.result_id}`);
  await signUp(page, 'Grace');
  await post(page, 'This run predates the kernel fixes.');
  await comment(page, 'predates the kernel fixes').waitFor();
  await page.screenshot({ path: screenshotPath('comments-point-page.png'), fullPage: true });

  await openSection(page, '/');
  assert.equal(await comment(page, 'predates the kernel fixes').count(), 0);
  // Who is signed in arriving after the comments still gives them their Reply buttons.
  await page.route('**/api/v1/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await openSection(page, path);
  assert.equal(await comment(page, 'predates the kernel fixes').count(), 1);
  await comment(page, 'predates the kernel fixes').getByRole('button', { name: 'Reply' }).waitFor();
  await page.unroute('**/api/v1/me');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('markup and script links in a comment stay inert', async () => {
  const page = await newPage(browser);
  await openSection(page);
  await signUp(page, 'Mallory');
  const payloads = ['<img src=x onerror=window.__xss=1> image', '[click me](javascript:window.__xss=1)',
    // A script inside a paragraph (one alone is markup that shows nothing, refused as a blank comment).
    'a <script>window.__xss=1</script> script', '<a href="javascript:window.__xss=1">raw link</a>'];
  for (const payload of payloads) {
    await post(page, payload);
    await page.locator('#comments-new .form-message.success').waitFor();
  }
  await comment(page, 'raw link').waitFor();
  const bodies = page.locator('#comments-list .comment-body');
  assert.equal(await bodies.locator('img, script, iframe, [onerror]').count(), 0);
  assert.equal(await bodies.locator('a[href^="javascript:" i]').count(), 0);
  const link = bodies.getByText('click me');
  if (await link.count()) await link.click();
  await page.reload();
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await page.waitForSelector('#comments-list[data-state="ready"]');
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  assert.equal(await page.locator('#comments-list img').count(), 0);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a rate-limited comment shows the server\'s detail and how long to wait', async () => {
  server.cli('limits', 'set', 'comment_per_user', '1', '600');
  const page = await newPage(browser);
  await openSection(page);
  await signUp(page, 'Eager');
  await post(page, 'One comment is fine.');
  await comment(page, 'One comment is fine.').waitFor();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/comments') && r.request().method() === 'POST');
  await post(page, 'Two is too many.');
  const refused = await answer;
  assert.equal(refused.status(), 429);
  const { detail } = await refused.json();
  const wait = refused.headers()['retry-after'];
  assert.match(wait, /^\d+$/);
  const message = page.locator('#comments-new .form-message.error');
  await message.waitFor();
  // The server's "try again shortly" gives way to the exact wait its Retry-After says.
  assert.match(detail, /; try again shortly$/);
  // It is its own sentence on the page: capitalised.
  const shown = `${detail.replace(/; try again shortly$/, '')}; try again in ${wait} second${wait === '1' ? '' : 's'}.`;
  assert.equal(await message.textContent(), shown.charAt(0).toUpperCase() + shown.slice(1));
  // The text stays in the box to send again later.
  assert.equal(await page.locator('#comments-new textarea').inputValue(), 'Two is too many.');
  assert.deepEqual(unexpectedProblems(page, 429), []);
  await page.context().close();
  server.cli('limits', 'set', 'comment_per_user', '10', '60');
});

test('an admin hides a comment: others see it as hidden by a moderator, the admin with a badge', async () => {
  server.cliWithInput(`${PASSWORD}\n`, 'user', 'add', '--admin', '--email', 'admin@example.org', '--name', 'Moderator',
    '--password-hash-cost', 'minimum');
  const author = await newPage(browser);
  await openSection(author);
  await signUp(author, 'Troll');
  await post(author, 'Buy cheap GPUs at spam.example');
  await comment(author, 'Buy cheap GPUs').waitFor();

  const admin = await newPage(browser);
  await openSection(admin);
  await signIn(admin, 'admin@example.org');
  const spam = comment(admin, 'Buy cheap GPUs');
  await spam.getByRole('button', { name: 'Hide' }).click();
  await comment(admin, 'Buy cheap GPUs').locator('.badge', { hasText: 'hidden' }).waitFor();
  await comment(admin, 'Buy cheap GPUs').getByRole('button', { name: 'Restore' }).waitFor();
  // A hidden comment takes no replies: the admin who still reads it is not offered one.
  assert.equal(await comment(admin, 'Buy cheap GPUs').getByRole('button', { name: 'Reply' }).count(), 0);
  await admin.locator('#comments').screenshot({ path: screenshotPath('comments-admin.png') });

  await author.reload();
  await author.waitForSelector('#comments-list[data-state="ready"]');
  assert.equal(await comment(author, 'Buy cheap GPUs').count(), 0);
  await author.locator('#comments-list .comment-gone', { hasText: 'hidden by a moderator' }).waitFor();

  await comment(admin, 'Buy cheap GPUs').getByRole('button', { name: 'Restore' }).click();
  await comment(admin, 'Buy cheap GPUs').getByRole('button', { name: 'Hide' }).waitFor();
  assert.deepEqual(author.problems, []);
  assert.deepEqual(admin.problems, []);
  await author.context().close();
  await admin.context().close();
});

test('the account panel changes the password and deletes the account; its comments stay', async () => {
  const page = await newPage(browser);
  await openSection(page);
  const email = await signUp(page, 'Leaving');
  await post(page, 'Goodbye, and thanks for the data.');
  await comment(page, 'Goodbye, and thanks').waitFor();

  await page.click('#comments-account .account-panel summary');
  const change = page.getByRole('form', { name: 'Change password' });
  await change.getByLabel('Current password').fill('not my password at all');
  await change.getByLabel('New password').fill('another long passphrase');
  await change.getByRole('button', { name: 'Change password' }).click();
  await change.locator('.form-message.error').waitFor();
  assert.ok((await change.locator('.form-message.error').textContent()).length > 0);
  await change.getByLabel('Current password').fill(PASSWORD);
  await change.getByRole('button', { name: 'Change password' }).click();
  await change.locator('.form-message.success', { hasText: 'Password changed.' }).waitFor();

  const remove = page.getByRole('form', { name: 'Delete account' });
  await remove.getByLabel('Password').fill('another long passphrase');
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await page.locator('#comments-sign-in').waitFor();
  await page.locator('#comments-account .form-message.success', { hasText: 'Your account is deleted.' }).waitFor();
  await page.locator('#comments-list[data-state="ready"]').waitFor();
  assert.equal(await comment(page, 'Goodbye, and thanks').locator('.comment-author').textContent(), 'deleted account');

  // The deleted account no longer signs in, and the refusal says why beside the form.
  const form = page.locator('#comments-sign-in');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('another long passphrase');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await form.locator('.form-message.error').waitFor();
  const phone = await newPage(browser, { viewport: { width: 375, height: 812 }, isMobile: true });
  await openSection(phone);
  await phone.locator('#comments').scrollIntoViewIfNeeded();
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `page is ${width}px wide at 375px`);
  await phone.locator('#comments').screenshot({ path: screenshotPath('comments-signed-out-375.png') });
  assert.deepEqual(phone.problems, []);
  await phone.context().close();
  assert.deepEqual(page.problems.filter((text) => !/the server responded with a status of 4\d\d/.test(text)), []);
  await page.context().close();
});

test('threads page by twenty, newest first, and the counter stops a comment past 5000 characters', async () => {
  const { points } = await server.api('/api/v1/points');
  const path = '/points/' + encodeURIComponent(points[1].result_id);
  server.cli('limits', 'set', 'comment_per_user', '100', '60');
  const page = await newPage(browser);
  await openSection(page, path);
  await signUp(page, 'Prolific');
  const subject = `point:${points[1].result_id}`;
  await page.evaluate(async (about) => {
    const me = await (await fetch('/api/v1/me')).json();
    for (let i = 1; i <= 21; i++) {
      const response = await fetch('/api/v1/comments', { method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf_token },
        body: JSON.stringify({ subject: about, body: `Thread ${String(i).padStart(2, '0')}` }) });
      if (response.status !== 201) throw new Error(`comment ${i}: ${response.status}`);
    }
  }, subject);
  server.cli('limits', 'set', 'comment_per_user', '10', '60');
  await openSection(page, path);
  const status = page.locator('#comments-status');
  assert.equal(await status.textContent(), '21 threads, page 1 of 2.');
  assert.equal(await page.locator('#comments-list article.comment').count(), 20);
  assert.match(await page.locator('#comments-list article.comment').first().textContent(), /Thread 21/);
  assert.equal(await comment(page, 'Thread 01').count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Newer comments' }).count(), 0);
  assert.equal((await page.locator('#comments-pages').textContent()).trim(), 'Older comments'); // no "false"

  await page.getByRole('button', { name: 'Older comments' }).click();
  await page.locator('#comments-status', { hasText: 'page 2 of 2' }).waitFor();
  assert.equal(await page.locator('#comments-list article.comment').count(), 1);
  assert.equal(await comment(page, 'Thread 01').count(), 1);
  assert.equal(await page.getByRole('button', { name: 'Older comments' }).count(), 0);
  await page.getByRole('button', { name: 'Newer comments' }).click();
  await page.locator('#comments-status', { hasText: 'page 1 of 2' }).waitFor();

  const box = page.locator('#comments-new textarea');
  const count = page.locator('#comments-new .char-count');
  const submit = page.getByRole('button', { name: 'Post comment' });
  await box.fill('x'.repeat(5001));
  assert.equal(await count.textContent(), '5001 / 5000 characters: 1 too many');
  assert.equal(await submit.isDisabled(), true);
  await box.press('Backspace');
  assert.equal(await count.textContent(), '5000 / 5000 characters');
  assert.equal(await submit.isDisabled(), false);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the deepest reply a thread takes offers no Reply button', async () => {
  const { points } = await server.api('/api/v1/points');
  const path = '/points/' + encodeURIComponent(points[3].result_id);
  server.cli('limits', 'set', 'comment_per_user', '200', '60');
  const page = await newPage(browser);
  await openSection(page, path);
  await signUp(page, 'Nester');
  await page.evaluate(async (about) => {
    const me = await (await fetch('/api/v1/me')).json();
    let parent_id;
    for (let depth = 0; depth <= 8; depth++) {
      const response = await fetch('/api/v1/comments', { method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf_token },
        body: JSON.stringify({ subject: about, body: `Chain depth ${depth}`, parent_id }) });
      if (response.status !== 201) throw new Error(`depth ${depth}: ${response.status}`);
      parent_id = (await response.json()).id;
    }
  }, `point:${points[3].result_id}`);
  await openSection(page, path);
  await comment(page, 'Chain depth 7').getByRole('button', { name: 'Reply' }).first().waitFor();
  // Replies nest 8 deep at most: the server would refuse a reply to the last one, so the page offers none.
  const deepest = page.locator('#comments-list article.comment', { hasText: 'Chain depth 8' });
  await deepest.waitFor();
  assert.equal(await deepest.getByRole('button', { name: 'Reply' }).count(), 0);
  assert.equal(await deepest.getByRole('button', { name: 'Edit' }).count(), 1, 'its author may still edit it');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a long thread shows its first fifty replies, a hundred more a click, and stays open after a reply', async () => {
  const { points } = await server.api('/api/v1/points');
  const path = '/points/' + encodeURIComponent(points[2].result_id);
  server.cli('limits', 'set', 'comment_per_user', '200', '60');
  const page = await newPage(browser);
  await openSection(page, path);
  await signUp(page, 'Talkative');
  const subject = `point:${points[2].result_id}`;
  await page.evaluate(async (about) => {
    const me = await (await fetch('/api/v1/me')).json();
    const send = async (body, parent_id) => {
      const response = await fetch('/api/v1/comments', { method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf_token },
        body: JSON.stringify({ subject: about, body, parent_id }) });
      if (response.status !== 201) throw new Error(`${body}: ${response.status}`);
      return (await response.json()).id;
    };
    const thread = await send('The long thread');
    for (let i = 1; i <= 160; i++) await send(`Reply ${String(i).padStart(3, '0')}`, thread);
  }, subject);
  await openSection(page, path);
  const replies = page.locator('#comments-list article.comment', { hasText: /Reply \d{3}/ });
  assert.equal(await replies.count(), 50);
  assert.equal(await comment(page, 'Reply 050').count(), 1);
  assert.equal(await comment(page, 'Reply 051').count(), 0);
  await page.locator('#comments').screenshot({ path: screenshotPath('comments-long-thread.png') });

  // A reply to the thread's first comment, posted while most replies are left out, is shown (the replies before it
  // are fetched) and focused.
  await comment(page, 'The long thread').getByRole('button', { name: 'Reply' }).first().click();
  const opening = page.locator('#comments-list form').first();
  await opening.locator('textarea').fill('Reply 000, posted late');
  await opening.getByRole('button', { name: 'Post reply' }).click();
  await comment(page, 'Reply 000, posted late').waitFor();
  await page.waitForFunction(() => document.activeElement.textContent.includes('Reply 000, posted late'));
  assert.equal(await replies.count(), 161);
  assert.equal(await page.locator('.more-replies').count(), 0);
  await openSection(page, path);  // as a new reader sees it, for the clicks below

  // A click brings a hundred more (one request), nested in the thread in the order they were posted, and moves
  // focus to the first of them; the next click the last ten.
  const fetched = [];
  page.on('response', (r) => { if (r.url().includes('thread=')) fetched.push(r.status()); });
  await page.getByRole('button', { name: 'Show 100 more replies (111 not shown)' }).click();
  await comment(page, 'Reply 150').waitFor();
  assert.equal(await replies.count(), 150);
  assert.deepEqual(fetched, [200]);
  assert.equal(await page.evaluate(() => document.activeElement.textContent.includes('Reply 051')), true);
  await page.getByRole('button', { name: 'Show 11 more replies' }).click();
  await comment(page, 'Reply 160').waitFor();
  assert.equal(await replies.count(), 161);
  assert.equal(fetched.length, 3, 'the reload fetches the hundred shown before, then the eleven');
  assert.equal(await page.locator('.more-replies').count(), 0);
  assert.match(await replies.nth(159).textContent(), /Reply 160/);

  // A reply at the end of the thread shows at once: the thread stays open across the reload that follows it.
  await comment(page, 'Reply 160').getByRole('button', { name: 'Reply' }).click();
  const form = page.locator('#comments-list form').first();
  await form.locator('textarea').fill('Reply 161, the last word');
  await form.getByRole('button', { name: 'Post reply' }).click();
  await comment(page, 'Reply 161, the last word').waitFor();
  assert.equal(await replies.count(), 162);
  assert.deepEqual(page.problems, []);
  await page.context().close();
  server.cli('limits', 'set', 'comment_per_user', '10', '60');
});

test('focus stays where the reader works: after posting, cancelling, escaping and keeping a comment', async () => {
  const page = await newPage(browser);
  await openSection(page);
  await signUp(page, 'Focused');
  await post(page, 'A comment to act on.');
  const mine = comment(page, 'A comment to act on.');
  await mine.waitFor();
  await page.waitForFunction(() => document.activeElement === document.querySelector('#comments-new textarea'));
  const focusedText = () => page.evaluate(() => document.activeElement.textContent);

  await mine.getByRole('button', { name: 'Reply' }).click();
  await mine.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await focusedText(), 'Reply');
  await mine.getByRole('button', { name: 'Edit' }).click();
  await page.keyboard.press('Escape');
  assert.equal(await mine.locator('textarea').count(), 0);
  assert.equal(await focusedText(), 'Edit');
  await mine.getByRole('button', { name: 'Delete' }).click();
  await mine.getByRole('button', { name: 'Keep it' }).click();
  assert.equal(await focusedText(), 'Delete');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a keyboard user tabs into the comment section without scrolling to it first', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await page.waitForSelector('#comments');
  let inside = false;
  for (let presses = 0; presses < 400 && !inside; presses++) {
    await page.keyboard.press('Tab');
    inside = await page.evaluate(() => document.getElementById('comments').contains(document.activeElement));
  }
  assert.ok(inside, 'Tab reached the comment section');
  await page.waitForSelector('#comments[data-state="ready"]');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('without JavaScript the section says that comments need it', async () => {
  const page = await newPage(browser, { javaScriptEnabled: false });
  await page.goto(server.url + '/');
  // Read from the DOM, not from what is drawn: the section has content-visibility: auto.
  const notice = page.locator('#comments noscript .notice'); // parsed as markup only without scripting
  assert.match(await notice.textContent(), /^Comments need JavaScript/);
  const pending = page.locator('#comments .comments-pending');
  assert.equal(await pending.count(), 2);
  for (const display of await pending.evaluateAll((all) => all.map((e) => getComputedStyle(e).display))) {
    assert.equal(display, 'none');
  }
  await page.context().close();
});

test('a comment typed while the session ended in another tab is kept, with the reason', async () => {
  const page = await newPage(browser);
  await openSection(page);
  const email = await signUp(page, 'Twotabs');
  // Signing up is announced beside the account, and focus goes to the comment box.
  await page.locator('#comments-account .form-message.success', { hasText: 'Signed in as Twotabs.' }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.closest('#comments-new') !== null), true);
  const other = await page.context().newPage();
  await openSection(other);
  await other.getByRole('button', { name: 'Sign out' }).click();
  await other.locator('#comments-account', { hasText: 'Sign in' }).first().waitFor();

  await post(page, 'Typed before noticing.');
  const message = page.locator('#comments-new .form-message.error');
  await message.waitFor();
  assert.match(await message.textContent(), /You were signed out \(perhaps in another tab\)/);
  assert.equal(await page.locator('#comments-new textarea').inputValue(), 'Typed before noticing.');
  // Signing in again brings the text into the new form.
  await signIn(page, email);
  await page.locator('#comments-new').waitFor();
  assert.equal(await page.locator('#comments-new textarea').inputValue(), 'Typed before noticing.');
  assert.deepEqual(unexpectedProblems(page, 403), []);
  await page.context().close();
});
