// Mantine's PostCSS preset (rem/em functions, light/dark and breakpoint mixins) with the
// breakpoints of spec section 9, the same values as the theme in src/ui/theme.ts.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '26.25em',
        'mantine-breakpoint-sm': '41.875em',
        'mantine-breakpoint-md': '64em',
        'mantine-breakpoint-lg': '100em',
        'mantine-breakpoint-xl': '120em',
      },
    },
  },
};
