export const notifications = {
  title: 'Notifications',
};
