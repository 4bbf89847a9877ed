import announcements from './es/announcements.json' with { type: 'json' };
import auth from './es/auth.json' with { type: 'json' };
import campaigns from './es/campaigns.json' with { type: 'json' };
import chats from './es/chats.json' with { type: 'json' };
import common from './es/common.json' with { type: 'json' };
import connections from './es/connections.json' with { type: 'json' };
import contactLists from './es/contactLists.json' with { type: 'json' };
import contacts from './es/contacts.json' with { type: 'json' };
import dashboard from './es/dashboard.json' with { type: 'json' };
import errors from './es/errors.json' with { type: 'json' };
import files from './es/files.json' with { type: 'json' };
import flowCampaigns from './es/flowCampaigns.json' with { type: 'json' };
import flowEditor from './es/flowEditor.json' with { type: 'json' };
import flows from './es/flows.json' with { type: 'json' };
import helps from './es/helps.json' with { type: 'json' };
import home from './es/home.json' with { type: 'json' };
import invoices from './es/invoices.json' with { type: 'json' };
import kanban from './es/kanban.json' with { type: 'json' };
import messagesApi from './es/messagesApi.json' with { type: 'json' };
import prompts from './es/prompts.json' with { type: 'json' };
import queueIntegrations from './es/queueIntegrations.json' with { type: 'json' };
import queues from './es/queues.json' with { type: 'json' };
import quickMessages from './es/quickMessages.json' with { type: 'json' };
import schedules from './es/schedules.json' with { type: 'json' };
import settings from './es/settings.json' with { type: 'json' };
import shell from './es/shell.json' with { type: 'json' };
import tags from './es/tags.json' with { type: 'json' };
import tickets from './es/tickets.json' with { type: 'json' };
import todos from './es/todos.json' with { type: 'json' };
import users from './es/users.json' with { type: 'json' };
import validation from './es/validation.json' with { type: 'json' };

/** The Spanish texts, one file per feature mounted under its name (see index.ts). */
export default {
  announcements,
  auth,
  campaigns,
  chats,
  common,
  connections,
  contactLists,
  contacts,
  dashboard,
  errors,
  files,
  flowCampaigns,
  flowEditor,
  flows,
  helps,
  home,
  invoices,
  kanban,
  messagesApi,
  prompts,
  queueIntegrations,
  queues,
  quickMessages,
  schedules,
  settings,
  shell,
  tags,
  tickets,
  todos,
  users,
  validation,
};
