import fs from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Response,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, onTestFailed } from 'vitest';
import { E2E_ADMIN } from './global-setup.ts';
import { baseURL } from './servidores.ts';

/**
 * Debian's headless shell (package chromium-headless-shell: the same Chromium built as the old
 * headless mode, the browser Playwright itself runs headless by default) when installed, else the
 * full Chromium. The shell draws a frame only when the page changes: the browser tests cost about
 * half the CPU (the Chromium processes took 2/3 of the e2e run's CPU with the full browser,
 * measured in docs/testing.md).
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ??
  '/usr/bin/chromium';
// Flags for a closed network and a root user (see docs/testing.md).
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // V8 without its optimizing compiler: a test's page lives seconds, too short for TurboFan's
  // compilations to pay back. The renderers took 20 % less CPU (config-lineas and fabrica: 70-78 →
  // 56-60 CPU-s; a11y-1440 alone 111 → 96 s); the same JavaScript runs, in the same tiers below.
  '--js-flags=--no-opt',
];

/**
 * One Chromium per e2e worker, launched by its first file and kept for the next ones (the worker's
 * modules outlive a file: isolate is off); it goes with the worker's process. Launching it for
 * every file cost 44 browser, GPU and zygote starts a run. A browser that died is launched again.
 */
let navegador: Promise<Browser> | undefined;

async function chromiumDelTrabajador(): Promise<Browser> {
  const actual = await navegador?.catch(() => undefined);
  if (actual?.isConnected()) return actual;
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `No se encontró Chromium en ${CHROMIUM} (apt-get install -y chromium-headless-shell chromium)`,
    );
  navegador = chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return navegador;
}

/**
 * The pages a file's tests have given back ({@link cerrarPagina}), their context still open: the
 * next test of the file gets one of them, cleared, instead of a new context. A new context is a new
 * renderer process that downloads, compiles and runs the app's scripts cold; a page of the same
 * context navigating again reuses its process, its memory cache and V8's compiled code. Twelve
 * screens opened one after another (docs/testing.md): 2.2 CPU-s of the machine each in new contexts,
 * 1.4 in one page cleared between them.
 */
const devueltas = new WeakMap<Page, () => Promise<void>>();
/** Pages whose state can't be cleared (a fake clock, scripts injected, emulated media). */
const marcadas = new WeakSet<Page>();

/**
 * The test is done with `page`: a page of {@link useBrowser}'s `newPage` goes back to its file's
 * pool for the next test (cleared then) unless it can't be cleared; any other page's context
 * closes.
 */
export async function cerrarPagina(page: Page): Promise<void> {
  const devolver = devueltas.get(page);
  if (devolver) await devolver();
  else await page.context().close();
}

/** Marks the page as not reusable when the test changes what clearing can't undo. */
function vigilar(page: Page): void {
  const marcar = <T extends object>(objeto: T, metodos: (keyof T)[]) => {
    for (const metodo of metodos) {
      const original = objeto[metodo] as (...a: unknown[]) => unknown;
      (objeto as Record<keyof T, unknown>)[metodo] = (...a: unknown[]) => {
        marcadas.add(page);
        return original.apply(objeto, a);
      };
    }
  };
  marcar(page, ['addInitScript', 'emulateMedia', 'exposeFunction', 'exposeBinding']);
  marcar(page.context(), ['addInitScript', 'exposeFunction', 'exposeBinding', 'grantPermissions']);
  marcar(page.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'fastForward', 'runFor']);
}

/** Events a test may listen to on its page: removed before the page serves another test. */
const EVENTOS_DE_PRUEBA = [
  'console',
  'framenavigated',
  'request',
  'requestfinished',
  'requestfailed',
  'response',
  'pageerror',
  'dialog',
  'download',
  'popup',
  'websocket',
] as const;

/**
 * The worker's Chromium; each test gets a page with no cookies, storage, routes or listeners of an
 * earlier test: a new context, or one a test of the same file gave back ({@link cerrarPagina}).
 */
export function useBrowser(): {
  browser: () => Browser;
  baseURL: string;
  newPage: (width?: number) => Promise<Page>;
} {
  let browser: Browser | undefined;
  const url = baseURL();
  let previos = new Set<BrowserContext>();
  /** Pages given back, ready for the next test of this file. */
  let libres: Page[] = [];
  /** Pages handed to the test running now: given back when it ends, even if it failed first. */
  const enUso = new Set<Page>();
  /** What the page went through during the current test (printed when it fails). */
  const recorridos = new WeakMap<Page, string[]>();
  beforeAll(async () => {
    browser = await chromiumDelTrabajador();
    previos = new Set(browser.contexts());
  });
  afterEach(async () => {
    for (const page of [...enUso]) await cerrarPagina(page);
  });
  // Every context opened meanwhile (through newPage or browser().newContext) goes with the block,
  // even when a test failed before closing its own: the next file gets the browser clean.
  afterAll(async () => {
    libres = [];
    const nuevos = browser?.contexts().filter((c) => !previos.has(c)) ?? [];
    await Promise.all(nuevos.map((c) => c.close().catch(() => {})));
  });
  const get = () => {
    if (!browser) throw new Error('Chromium no arrancó');
    return browser;
  };

  /**
   * The page's trail, printed when its test fails: the route changes, the console's errors and the
   * failed requests (status and GraphQL operation; listened to on the context, whose listeners no
   * test touches).
   */
  const anotar = (page: Page, linea: string) =>
    recorridos.get(page)?.push(`${new Date().toISOString().slice(11, 23)} ${linea}`);
  const escucharRecorrido = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) anotar(page, `página ${frame.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        anotar(page, `consola ${message.type()}: ${message.text()}`);
    });
  };

  /** A page in a new context, with the listeners that keep its trail. */
  const paginaNueva = async (): Promise<Page> => {
    const context = await get().newContext({ baseURL: url, locale: 'es-PE' });
    const page = await context.newPage();
    vigilar(page);
    recorridos.set(page, []);
    escucharRecorrido(page);
    context.on('response', (response: Response) => {
      if (response.status() < 400) return;
      const body = response.request().postData() ?? '';
      const operation = /(query|mutation)\s*(\w*)/.exec(body)?.slice(1).join(' ') ?? '';
      anotar(page, `${response.status()} ${response.request().method()} ${response.url()} ${operation}`);
    });
    devueltas.set(page, async () => {
      if (!enUso.delete(page)) return; // given back already
      // At most two kept (a test of two users leaves two): more would only hold renderers.
      if (marcadas.has(page) || page.isClosed() || libres.length >= 2) await context.close();
      else libres.push(page);
    });
    return page;
  };

  /**
   * Clears a page given back for the next test: its document replaced by one without the app (no
   * timers or requests of the last test left), storage, cookies, routes, listeners and network
   * conditions of the last test removed.
   */
  const limpiar = async (page: Page): Promise<void> => {
    const context = page.context();
    for (const otra of context.pages()) if (otra !== page) await otra.close();
    for (const evento of EVENTOS_DE_PRUEBA) page.removeAllListeners(evento);
    escucharRecorrido(page);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await page.goto('/healthz');
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await context.clearCookies();
    await context.clearPermissions();
  };

  return {
    browser: get,
    baseURL: url,
    newPage: async (width = 1366) => {
      let page: Page | undefined;
      while (!page && libres.length > 0) {
        const candidata = libres.pop()!;
        if (candidata.isClosed()) continue;
        try {
          await limpiar(candidata);
          page = candidata;
        } catch {
          await candidata
            .context()
            .close()
            .catch(() => {});
        }
      }
      page ??= await paginaNueva();
      await page.setViewportSize({ width, height: 800 });
      enUso.add(page);
      const trail = recorridos.get(page)!;
      trail.length = 0;
      // A failing test leaves a screenshot of what the browser showed, and the trail.
      const actual = page;
      onTestFailed(async ({ task }) => {
        console.error(`[${task.name}] recorrido del navegador:\n  ${trail.join('\n  ')}`);
        if (actual.isClosed()) return;
        fs.mkdirSync('test-results', { recursive: true });
        const name = task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
        await actual
          .screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true })
          .catch(() => {});
      });
      return page;
    },
  };
}

/** Logs in through the login form, as a person would. */
export async function loginThroughForm(
  page: Page,
  username = E2E_ADMIN.username,
  password = E2E_ADMIN.password,
): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
}

/**
 * Logs the page's browser context in through the API, as the login form would leave it: the
 * refresh cookie from the server's answer and the access token's cookie the app writes
 * (auth-store.ts). The page is not navigated: the test opens its screen next. The form itself is
 * tested with {@link loginThroughForm} (auth.test.ts).
 */
export async function iniciarSesion(
  page: Page,
  username = E2E_ADMIN.username,
  password = E2E_ADMIN.password,
): Promise<void> {
  const context = page.context();
  const respuesta = await context.request.post('/graphql', {
    data: {
      query: 'mutation($i: LoginInput!) { login(input: $i) { access_token expires_in } }',
      variables: { i: { username, password } },
    },
  });
  const body = (await respuesta.json()) as {
    data?: { login: { access_token: string; expires_in: number } };
    errors?: unknown;
  };
  if (!body.data?.login) throw new Error(`login de ${username} falló: ${JSON.stringify(body.errors)}`);
  const { access_token, expires_in } = body.data.login;
  await context.addCookies([
    {
      name: 'access_token',
      value: encodeURIComponent(access_token),
      url: new URL('/', respuesta.url()).toString(),
      sameSite: 'Strict',
      expires: Math.floor(Date.now() / 1000) + expires_in,
    },
  ]);
}

/**
 * A full-page screenshot to look at (`E2E_CAPTURAS=<folder>`: the screens of paros, losses, PTA and
 * the line-speed dialog at 360 and 1440 px with real data): none by default, as no test reads them
 * and each costs the browser a full-page render and a PNG (docs/testing.md).
 */
export async function captura(page: Page, nombre: string): Promise<void> {
  const carpeta = process.env.E2E_CAPTURAS;
  if (!carpeta) return;
  fs.mkdirSync(carpeta, { recursive: true });
  await todoALaVista(page);
  await transicionesTerminadas(page);
  await page.screenshot({ path: `${carpeta}/${nombre}.png`, fullPage: true });
}

/**
 * Scrolls to each place that waits to be seen (a chart drawn once near the view,
 * components/charts/chart.tsx; a section of components/feedback/cargar-al-verse.tsx), the first one
 * left at a time, until none is left and no chart is still drawing: the whole screen, as a person
 * who scrolls through it sees it (a full-page picture, an accessibility scan).
 */
export async function todoALaVista(page: Page): Promise<void> {
  const diferidos = page.locator('[data-al-verse]');
  for (let quedan = await diferidos.count(); quedan > 0; quedan = await diferidos.count()) {
    await diferidos.first().scrollIntoViewIfNeeded();
    await expect.poll(() => diferidos.count()).toBeLessThan(quedan);
  }
  await expect.poll(() => page.locator('[data-state="loading"]').count()).toBe(0);
}

/** The title shown in the header (the page's h1). */
export const headerTitle = (page: Page) => page.locator('header h1').textContent();

/** True when the page scrolls sideways (it must not, even at 360 px); measured in the app's font. */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  await fuentesCargadas(page);
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Waits until the page's transitions are over (a dialog's fade, a popover's grow, a button's
 * ripple): what is measured or scanned next is what the user sees once it settles. Animations that
 * never end (a spinner, a skeleton's pulse) are not waited for.
 */
export async function transicionesTerminadas(page: Page): Promise<void> {
  // Two frames first: a transition the last action started is running by then.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Waits until the fonts the page's text asked for are in (Roboto, from the app's own files, swaps
 * in when loaded; a weight no text uses is never asked for): a box measured before is the fallback
 * font's, wider (DejaVu Sans Bold: «17,445,243» at 25 px is 159 px across, in Roboto 125).
 */
export async function fuentesCargadas(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        // A frame first: the text last shown has been laid out, so its font is being fetched.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await document.fonts.ready;
        return document.fonts.status === 'loaded';
      }),
    )
    .toBe(true);
}

/**
 * Client-side navigation (as a link click does): no reload, so a loop over every route stays fast.
 * The app renders its first frame in a transition, so React Router may not be listening yet right
 * after `page.goto`: a `popstate` sent before its first commit is lost (the screen stays on the old
 * route while the URL says the new one). The push waits for that commit (`#root` has content).
 */
export async function visit(page: Page, path: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0))
    .toBe(true);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
}

/** Waits until the app's route is `path` (client-side redirects change the URL without a page load). */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(path);
}

/**
 * Picks `opcion` in a select (`combobox`): opens its menu and clicks the option until the menu has
 * closed on it. A click that lands while the menu is still growing in can leave it open with nothing
 * chosen; this tries again instead of failing on the next field.
 */
export async function elegirOpcion(page: Page, combobox: Locator, opcion: string): Promise<void> {
  const menu = page.getByRole('listbox');
  await expect
    .poll(
      async () => {
        if ((await menu.count()) === 0) await combobox.click();
        await page
          .getByRole('option', { name: opcion })
          .click({ timeout: 5_000 })
          .catch(() => {});
        return (await menu.count()) === 0 && (await combobox.innerText()).includes(opcion);
      },
      { timeout: 30_000, message: `elegir «${opcion}»` },
    )
    .toBe(true);
}

/** Requests of each page still waiting for their answer (the screens' data, chunks, images). */
const pendientes = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight from now on (read with {@link peticionesEnVuelo}). */
export function seguirPeticiones(page: Page): void {
  const enVuelo = new Set<unknown>();
  pendientes.set(page, enVuelo);
  page.on('request', (r) => enVuelo.add(r));
  page.on('requestfinished', (r) => enVuelo.delete(r));
  page.on('requestfailed', (r) => enVuelo.delete(r));
}

/** How many of the page's requests are still unanswered (0 unless {@link seguirPeticiones} ran). */
export function peticionesEnVuelo(page: Page): number {
  return pendientes.get(page)?.size ?? 0;
}
