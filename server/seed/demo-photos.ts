import sharp from 'sharp';

/**
 * Pictures for the demo coaches, drawn here from SVG and encoded with sharp — nothing is downloaded.
 * Portraits are calm, faceless illustrations (skin tone, hair, clothing and background vary by the
 * `look`); covers are layered landscapes in the coach's colours. Deterministic: the same look gives the
 * same bytes, so a re-seed does not churn storage.
 */
export type PortraitLook = {
  skin: string;
  hair: string;
  hairStyle: 'short' | 'long' | 'bun' | 'curly' | 'shaved' | 'bob';
  shirt: string;
  background: [string, string];
};

function hairShape(look: PortraitLook): { back: string; front: string } {
  const { hair } = look;
  switch (look.hairStyle) {
    case 'long':
      return {
        back: `<path d="M150 230 C150 120 362 120 362 230 L372 400 C330 420 182 420 140 400 Z" fill="${hair}"/>`,
        front: `<path d="M164 240 C156 70 356 70 348 240 C336 190 300 176 256 176 C212 176 176 190 164 240 Z" fill="${hair}"/>`,
      };
    case 'bun':
      return {
        back: `<circle cx="256" cy="112" r="44" fill="${hair}"/>`,
        front: `<path d="M164 240 C156 72 356 72 348 240 C336 184 300 170 256 170 C212 170 176 184 164 240 Z" fill="${hair}"/>`,
      };
    case 'curly':
      return {
        back: [150, 180, 215, 256, 297, 332, 362]
          .map((x, i) => `<circle cx="${x}" cy="${i % 2 ? 150 : 175}" r="44" fill="${hair}"/>`)
          .join(''),
        front: `<path d="M164 240 C156 66 356 66 348 240 C336 194 300 180 256 180 C212 180 176 194 164 240 Z" fill="${hair}"/>`,
      };
    case 'bob':
      return {
        back: `<path d="M156 236 C150 122 362 122 356 236 L360 300 C330 316 182 316 152 300 Z" fill="${hair}"/>`,
        front: `<path d="M164 240 C156 70 356 70 348 240 C336 198 300 184 256 184 C212 184 176 198 164 240 Z" fill="${hair}"/>`,
      };
    case 'shaved':
      return {
        back: '',
        front: `<path d="M164 240 C156 76 356 76 348 240 C336 164 300 150 256 150 C212 150 176 164 164 240 Z" fill="${hair}" opacity="0.45"/>`,
      };
    default:
      return {
        back: '',
        front: `<path d="M164 240 C156 68 356 68 348 240 C336 180 300 166 256 166 C212 166 176 180 164 240 Z" fill="${hair}"/>`,
      };
  }
}

function portraitSvg(look: PortraitLook): string {
  const hair = hairShape(look);
  const [from, to] = look.background;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="light" cx="0.3" cy="0.2" r="0.9">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="512" height="512" fill="url(#bg)"/>
  <rect width="512" height="512" fill="url(#light)"/>
  ${hair.back}
  <path d="M96 512 C104 396 178 352 256 352 C334 352 408 396 416 512 Z" fill="${look.shirt}"/>
  <path d="M226 300 L286 300 L292 366 C272 380 240 380 220 366 Z" fill="${look.skin}"/>
  <path d="M226 352 C240 366 272 366 286 352 L292 366 C272 380 240 380 220 366 Z" fill="#000" opacity="0.08"/>
  <ellipse cx="256" cy="232" rx="88" ry="104" fill="${look.skin}"/>
  <ellipse cx="170" cy="240" rx="14" ry="22" fill="${look.skin}"/>
  <ellipse cx="342" cy="240" rx="14" ry="22" fill="${look.skin}"/>
  ${hair.front}
</svg>`;
}

function coverSvg(colors: [string, string]): string {
  const [from, to] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500" viewBox="0 0 1600 500">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="1600" height="500" fill="url(#sky)"/>
  <circle cx="1240" cy="150" r="70" fill="#ffffff" opacity="0.35"/>
  <path d="M0 330 C200 250 380 300 560 260 C760 215 940 300 1140 250 C1320 205 1480 250 1600 230 L1600 500 L0 500 Z" fill="#ffffff" opacity="0.18"/>
  <path d="M0 390 C240 330 420 380 640 340 C860 300 1040 370 1260 330 C1420 300 1520 320 1600 310 L1600 500 L0 500 Z" fill="#000000" opacity="0.12"/>
  <path d="M0 450 C260 410 520 440 800 420 C1080 400 1320 440 1600 420 L1600 500 L0 500 Z" fill="#000000" opacity="0.18"/>
</svg>`;
}

export const renderPortrait = (look: PortraitLook) =>
  sharp(Buffer.from(portraitSvg(look)))
    .webp({ quality: 82 })
    .toBuffer();

export const renderCover = (colors: [string, string]) =>
  sharp(Buffer.from(coverSvg(colors)))
    .webp({ quality: 80 })
    .toBuffer();
