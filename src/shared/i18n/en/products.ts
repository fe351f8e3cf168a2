export const products = {
  title: 'Products',
};
