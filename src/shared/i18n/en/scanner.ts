export const scanner = {
  title: 'Scanner',
};
