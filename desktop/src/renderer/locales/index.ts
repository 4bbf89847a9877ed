import type { Resource } from 'i18next';
import enAnnouncements from './en/announcements.json' with { type: 'json' };
import enAuth from './en/auth.json' with { type: 'json' };
import enCampaigns from './en/campaigns.json' with { type: 'json' };
import enChats from './en/chats.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enConnections from './en/connections.json' with { type: 'json' };
import enContactLists from './en/contactLists.json' with { type: 'json' };
import enContacts from './en/contacts.json' with { type: 'json' };
import enDashboard from './en/dashboard.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enFiles from './en/files.json' with { type: 'json' };
import enFlowEditor from './en/flowEditor.json' with { type: 'json' };
import enFlowCampaigns from './en/flowCampaigns.json' with { type: 'json' };
import enFlows from './en/flows.json' with { type: 'json' };
import enHelps from './en/helps.json' with { type: 'json' };
import enHome from './en/home.json' with { type: 'json' };
import enInvoices from './en/invoices.json' with { type: 'json' };
import enKanban from './en/kanban.json' with { type: 'json' };
import enMessagesApi from './en/messagesApi.json' with { type: 'json' };
import enPrompts from './en/prompts.json' with { type: 'json' };
import enQueueIntegrations from './en/queueIntegrations.json' with { type: 'json' };
import enQueues from './en/queues.json' with { type: 'json' };
import enQuickMessages from './en/quickMessages.json' with { type: 'json' };
import enSchedules from './en/schedules.json' with { type: 'json' };
import enSettings from './en/settings.json' with { type: 'json' };
import enShell from './en/shell.json' with { type: 'json' };
import enTags from './en/tags.json' with { type: 'json' };
import enTickets from './en/tickets.json' with { type: 'json' };
import enTodos from './en/todos.json' with { type: 'json' };
import enUsers from './en/users.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import esAnnouncements from './es/announcements.json' with { type: 'json' };
import esAuth from './es/auth.json' with { type: 'json' };
import esCampaigns from './es/campaigns.json' with { type: 'json' };
import esChats from './es/chats.json' with { type: 'json' };
import esCommon from './es/common.json' with { type: 'json' };
import esConnections from './es/connections.json' with { type: 'json' };
import esContactLists from './es/contactLists.json' with { type: 'json' };
import esContacts from './es/contacts.json' with { type: 'json' };
import esDashboard from './es/dashboard.json' with { type: 'json' };
import esErrors from './es/errors.json' with { type: 'json' };
import esFiles from './es/files.json' with { type: 'json' };
import esFlowEditor from './es/flowEditor.json' with { type: 'json' };
import esFlowCampaigns from './es/flowCampaigns.json' with { type: 'json' };
import esFlows from './es/flows.json' with { type: 'json' };
import esHelps from './es/helps.json' with { type: 'json' };
import esHome from './es/home.json' with { type: 'json' };
import esInvoices from './es/invoices.json' with { type: 'json' };
import esKanban from './es/kanban.json' with { type: 'json' };
import esMessagesApi from './es/messagesApi.json' with { type: 'json' };
import esPrompts from './es/prompts.json' with { type: 'json' };
import esQueueIntegrations from './es/queueIntegrations.json' with { type: 'json' };
import esQueues from './es/queues.json' with { type: 'json' };
import esQuickMessages from './es/quickMessages.json' with { type: 'json' };
import esSchedules from './es/schedules.json' with { type: 'json' };
import esSettings from './es/settings.json' with { type: 'json' };
import esShell from './es/shell.json' with { type: 'json' };
import esTags from './es/tags.json' with { type: 'json' };
import esTickets from './es/tickets.json' with { type: 'json' };
import esTodos from './es/todos.json' with { type: 'json' };
import esUsers from './es/users.json' with { type: 'json' };
import esValidation from './es/validation.json' with { type: 'json' };
import ptAnnouncements from './pt/announcements.json' with { type: 'json' };
import ptAuth from './pt/auth.json' with { type: 'json' };
import ptCampaigns from './pt/campaigns.json' with { type: 'json' };
import ptChats from './pt/chats.json' with { type: 'json' };
import ptCommon from './pt/common.json' with { type: 'json' };
import ptConnections from './pt/connections.json' with { type: 'json' };
import ptContactLists from './pt/contactLists.json' with { type: 'json' };
import ptContacts from './pt/contacts.json' with { type: 'json' };
import ptDashboard from './pt/dashboard.json' with { type: 'json' };
import ptErrors from './pt/errors.json' with { type: 'json' };
import ptFiles from './pt/files.json' with { type: 'json' };
import ptFlowEditor from './pt/flowEditor.json' with { type: 'json' };
import ptFlowCampaigns from './pt/flowCampaigns.json' with { type: 'json' };
import ptFlows from './pt/flows.json' with { type: 'json' };
import ptHelps from './pt/helps.json' with { type: 'json' };
import ptHome from './pt/home.json' with { type: 'json' };
import ptInvoices from './pt/invoices.json' with { type: 'json' };
import ptKanban from './pt/kanban.json' with { type: 'json' };
import ptMessagesApi from './pt/messagesApi.json' with { type: 'json' };
import ptPrompts from './pt/prompts.json' with { type: 'json' };
import ptQueueIntegrations from './pt/queueIntegrations.json' with { type: 'json' };
import ptQueues from './pt/queues.json' with { type: 'json' };
import ptQuickMessages from './pt/quickMessages.json' with { type: 'json' };
import ptSchedules from './pt/schedules.json' with { type: 'json' };
import ptSettings from './pt/settings.json' with { type: 'json' };
import ptShell from './pt/shell.json' with { type: 'json' };
import ptTags from './pt/tags.json' with { type: 'json' };
import ptTickets from './pt/tickets.json' with { type: 'json' };
import ptTodos from './pt/todos.json' with { type: 'json' };
import ptUsers from './pt/users.json' with { type: 'json' };
import ptValidation from './pt/validation.json' with { type: 'json' };

/**
 * One file per feature, mounted under its file name in a single namespace, so keys read as
 * `users.saved` or `errors.ERR_...` and the server's `validation.*` keys resolve as they are.
 */
export const resources: Resource = {
  pt: {
    translation: {
      announcements: ptAnnouncements,
      auth: ptAuth,
      campaigns: ptCampaigns,
      chats: ptChats,
      common: ptCommon,
      connections: ptConnections,
      contactLists: ptContactLists,
      contacts: ptContacts,
      dashboard: ptDashboard,
      errors: ptErrors,
      files: ptFiles,
      flowEditor: ptFlowEditor,
      flowCampaigns: ptFlowCampaigns,
      flows: ptFlows,
      helps: ptHelps,
      home: ptHome,
      invoices: ptInvoices,
      kanban: ptKanban,
      messagesApi: ptMessagesApi,
      prompts: ptPrompts,
      queueIntegrations: ptQueueIntegrations,
      queues: ptQueues,
      quickMessages: ptQuickMessages,
      schedules: ptSchedules,
      settings: ptSettings,
      shell: ptShell,
      tags: ptTags,
      tickets: ptTickets,
      todos: ptTodos,
      users: ptUsers,
      validation: ptValidation,
    },
  },
  en: {
    translation: {
      announcements: enAnnouncements,
      auth: enAuth,
      campaigns: enCampaigns,
      chats: enChats,
      common: enCommon,
      connections: enConnections,
      contactLists: enContactLists,
      contacts: enContacts,
      dashboard: enDashboard,
      errors: enErrors,
      files: enFiles,
      flowEditor: enFlowEditor,
      flowCampaigns: enFlowCampaigns,
      flows: enFlows,
      helps: enHelps,
      home: enHome,
      invoices: enInvoices,
      kanban: enKanban,
      messagesApi: enMessagesApi,
      prompts: enPrompts,
      queueIntegrations: enQueueIntegrations,
      queues: enQueues,
      quickMessages: enQuickMessages,
      schedules: enSchedules,
      settings: enSettings,
      shell: enShell,
      tags: enTags,
      tickets: enTickets,
      todos: enTodos,
      users: enUsers,
      validation: enValidation,
    },
  },
  es: {
    translation: {
      announcements: esAnnouncements,
      auth: esAuth,
      campaigns: esCampaigns,
      chats: esChats,
      common: esCommon,
      connections: esConnections,
      contactLists: esContactLists,
      contacts: esContacts,
      dashboard: esDashboard,
      errors: esErrors,
      files: esFiles,
      flowEditor: esFlowEditor,
      flowCampaigns: esFlowCampaigns,
      flows: esFlows,
      helps: esHelps,
      home: esHome,
      invoices: esInvoices,
      kanban: esKanban,
      messagesApi: esMessagesApi,
      prompts: esPrompts,
      queueIntegrations: esQueueIntegrations,
      queues: esQueues,
      quickMessages: esQuickMessages,
      schedules: esSchedules,
      settings: esSettings,
      shell: esShell,
      tags: esTags,
      tickets: esTickets,
      todos: esTodos,
      users: esUsers,
      validation: esValidation,
    },
  },
};
