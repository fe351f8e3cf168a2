export const counts = {
  title: 'Counts',
};
