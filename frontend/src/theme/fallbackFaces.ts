/**
 * The system fonts that stand in for the typefaces until they have loaded (a first visit's first frame),
 * scaled to their size and line height (Capsize's metrics), so that swapping the typefaces in moves as
 * little as possible. Arial's metrics hold for its look-alikes (Liberation Sans, Arimo), Times New Roman's
 * for Liberation Serif and Tinos. Each typeface's stand-ins follow it in the theme's font stacks.
 */
const faces = {
  inter: [
    { family: 'Inter Fallback Arial', local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'], ascent: 90.44, descent: 22.52, size: 107.12 },
    { family: 'Inter Fallback Roboto', local: ['Roboto', 'Roboto Regular', 'Roboto-Regular'], ascent: 90.24, descent: 22.47, size: 107.35 },
  ],
  fraunces: [
    { family: 'Fraunces Fallback Georgia', local: ['Georgia'], ascent: 92.96, descent: 24.24, size: 105.2 },
    { family: 'Fraunces Fallback Times', local: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'], ascent: 84.71, descent: 22.09, size: 115.45 },
  ],
};

/** The stand-ins of one typeface, as a part of a font stack. */
export const fallbackFamilies = (typeface: keyof typeof faces) => faces[typeface].map(({ family }) => `'${family}'`).join(', ');

/** Their @font-face rules (GlobalStyle). */
export const fallbackFaceRules = Object.values(faces)
  .flat()
  .map(
    ({ family, local, ascent, descent, size }) =>
      `@font-face { font-family: '${family}'; src: ${local.map((name) => `local('${name}')`).join(', ')}; ascent-override: ${ascent}%; descent-override: ${descent}%; line-gap-override: 0%; size-adjust: ${size}%; }`,
  )
  .join('\n');
