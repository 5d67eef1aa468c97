import { openBrowser } from './lib/phone.mjs';
import { SITE, serve } from './lib/site.mjs';
const s = await serve(SITE);
for (let i = 0; i < 3; i++) {
const b = await openBrowser({ locale: 'en-US' });
const page = await b.context.newPage();
await page.addInitScript(() => { window.lts = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.lts.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); });
await page.goto(s.url);
await page.getByTestId('home').waitFor();
await page.waitForTimeout(1500);
console.log(JSON.stringify(await page.evaluate(() => window.lts)), JSON.stringify(await page.evaluate(() => performance.getEntriesByType('resource').map(e => [e.name.split('/').pop().slice(0,20), Math.round(e.startTime), Math.round(e.responseEnd)]))));
await b.close();
}
await s.stop();
