import ChatIcon from '@mui/icons-material/SmartToy';
import { defineAdminPlugin, lazyPage, SISTER_APPS } from '@plaudit/kernel/admin';

// AI chatbot (/chatty): shown until the shop installs the chatbot app.
export default defineAdminPlugin({
  id: 'ai-chatbot',
  menu: [
    {
      key: 'ai-chatbot',
      labelKey: 'ai-chatbot:menu',
      to: '/chatty',
      position: 80,
      icon: ChatIcon,
      visible: ({ shop }) => !!shop && !shop.installedApps.includes(SISTER_APPS.chatbot),
    },
  ],
  routes: [{ path: '/chatty', component: lazyPage(() => import('./ChatbotPage')) }],
});
