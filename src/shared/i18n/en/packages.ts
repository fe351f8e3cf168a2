export const packages = {
  title: 'Packages',
};
