// The sticker editor: a flat net of the puzzle (the server's `net`: one polygon per letter
// of the puzzle's state string), a palette of its colours, and the state string painted.
// The server checks the string ("Use this state"); this module only paints.

const SVG = 'http://www.w3.org/2000/svg';

/// An editor drawing into `palette` (the colour buttons) and `net` (the net's SVG).
export function stickerEditor(palette, net) {
  let spec = null;      // { stickers: [{index, poly}], letters, solved, fixed }
  let colours = [];     // CSS colour of each colour index
  let brush = 0;        // colour index
  let painted = [];     // a letter per sticker of the state string
  let fixed = new Set();

  const colourOf = (letter) => colours[Math.max(0, spec.letters.indexOf(letter))] || '#000';

  function repaint() {
    for (const el of net.querySelectorAll('[data-index]')) {
      el.setAttribute('fill', colourOf(painted[+el.dataset.index]));
    }
  }

  function buildPalette() {
    palette.innerHTML = '';
    spec.letters.forEach((letter, k) => {
      const b = document.createElement('button');
      b.style.background = colours[k];
      b.setAttribute('role', 'radio');
      b.setAttribute('aria-checked', String(k === brush));
      b.setAttribute('aria-label', `colour ${letter}`);
      b.title = letter;
      b.addEventListener('click', () => {
        brush = k;
        for (const c of palette.children) c.setAttribute('aria-checked', String(c === b));
      });
      palette.appendChild(b);
    });
  }

  function buildNet() {
    net.innerHTML = '';
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const s of spec.stickers) for (const [x, y] of s.poly) {
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    const svg = document.createElementNS(SVG, 'svg');
    const pad = 0.1;
    svg.setAttribute('viewBox', `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`);
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', 'sticker net: click a sticker to paint it');
    for (const s of spec.stickers) {
      const p = document.createElementNS(SVG, 'polygon');
      p.setAttribute('points', s.poly.map(([x, y]) => `${x},${y}`).join(' '));
      p.dataset.index = String(s.index);
      p.setAttribute('stroke', '#111');
      p.setAttribute('stroke-width', '0.04');
      if (fixed.has(s.index)) p.classList.add('fixed');
      p.addEventListener('click', () => {
        if (fixed.has(s.index)) return; // a sticker that never moves
        painted[s.index] = spec.letters[brush];
        repaint();
      });
      svg.appendChild(p);
    }
    net.appendChild(svg);
  }

  return {
    /// Shows the net of a puzzle (`geo.net`, `geo.colours`) painted as `state`.
    open(geo, state) {
      spec = geo.net;
      colours = geo.colours;
      brush = Math.min(brush, spec.letters.length - 1);
      fixed = new Set(spec.fixed || []);
      painted = (state || spec.solved).replace(/[\s,]/g, '').toUpperCase().split('');
      buildPalette();
      buildNet();
      repaint();
    },
    /// Paints the net as `state` (a state string), if it is open.
    show(state) {
      if (!spec || !state) return;
      painted = state.replace(/[\s,]/g, '').toUpperCase().split('');
      repaint();
    },
    /// Back to the solved puzzle.
    clear() { if (spec) this.show(spec.solved); },
    /// The state string painted.
    value() { return painted.join(''); },
  };
}
