// The geometry of a chart as drawn: its "Download SVG" file (the same draw code as the canvas,
// at the chart's size in CSS pixels) laid out by the browser, and what a reader would call a
// broken layout in it — a legend over the data, a colour used by two series, text running off
// the picture (a title too long for a phone, a clipped row label) or two labels running together
// (overlapping, or less than 3 px apart on the same line).

/**
 * Makes the page's SVG downloads land in `window.chartSvg` (a promise of the text) instead of
 * the downloads folder: Chromium blocks a page's eleventh download, and a route has more charts.
 */
export async function captureSvgDownloads(page) {
  await page.evaluate(() => {
    if (window.chartSvgCaptured) return;
    window.chartSvgCaptured = true;
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob) => {
      if (blob.type === 'image/svg+xml') window.chartSvg = blob.text();
      return create.call(URL, blob);
    };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      if (!this.download.endsWith('.svg')) click.call(this);
    };
  });
}

/** The SVG text of the chart `#id` (after `captureSvgDownloads`). */
export async function chartSvg(page, id) {
  await page.evaluate(() => { window.chartSvg = null; });
  await page.click(`#${id} button.download-svg`);
  await page.waitForFunction(() => window.chartSvg !== null);
  return page.evaluate(() => window.chartSvg);
}

/**
 * Lays out `svg` in the page and returns what is wrong with it, as sentences (empty: nothing).
 * The legend is recognised as plotters draws ours: a white box at 85 % opacity, then its frame,
 * swatches and names. Data are the coloured shapes drawn before it (not white, black, the axis
 * grey or grid lines); a line is tested segment by segment, not by its bounding box.
 */
export async function chartProblems(page, svg) {
  return page.evaluate((text) => {
    const host = document.createElement('div');
    host.style.cssText = 'position: absolute; left: 0; top: 0; visibility: hidden; pointer-events: none;';
    host.innerHTML = text;
    document.body.append(host);
    try {
      const root = host.querySelector('svg');
      const origin = root.getBoundingClientRect();
      const width = Number(root.getAttribute('width'));
      const height = Number(root.getAttribute('height'));
      const box = (e) => {
        const r = e.getBoundingClientRect();
        return { x0: r.left - origin.left, y0: r.top - origin.top, x1: r.right - origin.left, y1: r.bottom - origin.top };
      };
      const colour = (e) => (e.getAttribute(e.localName === 'polyline' || e.localName === 'line' ? 'stroke' : 'fill') ?? '').toUpperCase();
      const NEUTRAL = ['#FFFFFF', '#000000', '#333333', 'NONE', ''];
      const elements = [...root.children];
      const legendAt = elements.findIndex((e) => e.localName === 'rect' && e.getAttribute('fill') === '#FFFFFF' && e.getAttribute('opacity') === '0.85');
      const before = legendAt < 0 ? elements : elements.slice(0, legendAt);
      const problems = [];

      // Data: coloured shapes (grid lines are #DDDDDD lines; a #DDDDDD rectangle is a job's window).
      const data = before.filter((e) => ['rect', 'polyline', 'line', 'circle', 'polygon'].includes(e.localName))
        .filter((e) => !NEUTRAL.includes(colour(e)))
        .filter((e) => !(colour(e) === '#DDDDDD' && e.localName !== 'rect'))
        .filter((e) => e.getAttribute('opacity') !== '0');

      if (legendAt >= 0) {
        const legend = box(elements[legendAt]);
        const inside = (x, y) => x > legend.x0 && x < legend.x1 && y > legend.y0 && y < legend.y1;
        // Liang–Barsky: does the segment cross the legend's interior?
        const crosses = ([x0, y0], [x1, y1]) => {
          let t0 = 0, t1 = 1;
          const dx = x1 - x0, dy = y1 - y0;
          for (const [p, q] of [[-dx, x0 - legend.x0], [dx, legend.x1 - x0], [-dy, y0 - legend.y0], [dy, legend.y1 - y0]]) {
            if (p === 0) { if (q <= 0) return false; continue; }
            const t = q / p;
            if (p < 0) t0 = Math.max(t0, t); else t1 = Math.min(t1, t);
            if (t0 >= t1) return false;
          }
          return inside(x0 + dx * (t0 + t1) / 2, y0 + dy * (t0 + t1) / 2);
        };
        const covered = data.filter((e) => {
          if (e.localName === 'polyline' || e.localName === 'line') {
            const pts = e.localName === 'line'
              ? [[+e.getAttribute('x1'), +e.getAttribute('y1')], [+e.getAttribute('x2'), +e.getAttribute('y2')]]
              : e.getAttribute('points').trim().split(/\s+/).map((p) => p.split(',').map(Number));
            if (pts.length === 1) return inside(...pts[0]);
            return pts.slice(1).some((p, i) => crosses(pts[i], p));
          }
          const b = box(e);
          return b.x1 > legend.x0 && b.x0 < legend.x1 && b.y1 > legend.y0 && b.y0 < legend.y1;
        });
        if (covered.length > 0) {
          problems.push(`the legend ${JSON.stringify(legend)} covers ${covered.length} data shapes, e.g. ${covered[0].outerHTML.slice(0, 140)}`);
        }
        // The legend's swatches: one colour per entry.
        const swatches = elements.slice(legendAt + 2).filter((e) => e.localName !== 'text').map(colour);
        const repeated = swatches.filter((c, i) => swatches.indexOf(c) !== i);
        if (repeated.length > 0) problems.push(`the legend uses ${repeated.join(', ')} for more than one entry (${swatches.join(' ')})`);
      }

      // Lines: one colour per series (a series is one polyline; the reference colour, #D62728,
      // marks dashed references and points, and is shared by design).
      const strokes = data.filter((e) => e.localName === 'polyline' && e.getAttribute('points').trim().split(/\s+/).length > 2)
        .map(colour).filter((c) => c !== '#D62728');
      const shared = [...new Set(strokes.filter((c, i) => strokes.indexOf(c) !== i))];
      if (shared.length > 0) problems.push(`${shared.join(', ')} draws more than one line (${strokes.length} lines)`);

      // Text: inside the picture, and no two labels over each other.
      const texts = elements.filter((e) => e.localName === 'text' && e.textContent.trim() !== '')
        .map((e) => ({ text: e.textContent.trim(), ...box(e) }));
      for (const t of texts) {
        if (t.x0 < -1 || t.y0 < -1 || t.x1 > width + 1 || t.y1 > height + 1) {
          problems.push(`"${t.text}" runs off the ${width} × ${height} picture: ${JSON.stringify([t.x0, t.y0, t.x1, t.y1].map(Math.round))}`);
        }
      }
      // Labels side by side (their lines overlap) keep GAP px apart; a pixel of slack vertically.
      const slack = 1;
      const GAP = 3;
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          const a = texts[i], b = texts[j];
          if (a.y1 - slack > b.y0 && b.y1 - slack > a.y0) {
            const apart = Math.max(b.x0 - a.x1, a.x0 - b.x1);
            if (apart < 0) problems.push(`"${a.text}" and "${b.text}" overlap`);
            else if (apart < GAP) problems.push(`"${a.text}" and "${b.text}" run together (${apart.toFixed(1)} px apart)`);
          }
        }
      }
      return problems;
    } finally {
      host.remove();
    }
  }, svg);
}

/** Ids of the charts on the page. */
export async function chartIds(page) {
  return page.$$eval('figure.chart', (fs) => fs.map((f) => f.id).filter(Boolean));
}
