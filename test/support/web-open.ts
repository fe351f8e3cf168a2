/**
 * Opens a web host as a browser does from the one-time address (`WebHost.openUrl`, or the `url`
 * that `wd web --json` prints): keeps the cookie it sets and reads the per-run secret from the
 * page. Node's fetch keeps no cookies: every later request passes `cookie` itself.
 */
export async function openWebHost(openUrl: string): Promise<{ url: string; cookie: string; secret: string }> {
  const res = await fetch(openUrl, { redirect: 'manual' });
  const setCookie = res.headers.get('set-cookie');
  if (res.status !== 303 || !setCookie) throw new Error(`the one-time address answered ${res.status} without a cookie`);
  const cookie = setCookie.split(';')[0]!;
  const url = `${new URL(openUrl).origin}/`;
  const page = await (await fetch(url, { headers: { cookie } })).text();
  const secret = /name="wd-web-secret" content="([^"]+)"/.exec(page)?.[1];
  if (!secret) throw new Error('the page carries no secret');
  return { url, cookie, secret };
}
