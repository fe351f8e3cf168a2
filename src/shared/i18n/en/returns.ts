export const returns = {
  title: 'Returns',
};
