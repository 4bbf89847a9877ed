import announcements from './pt/announcements.json' with { type: 'json' };
import auth from './pt/auth.json' with { type: 'json' };
import campaigns from './pt/campaigns.json' with { type: 'json' };
import chats from './pt/chats.json' with { type: 'json' };
import common from './pt/common.json' with { type: 'json' };
import connections from './pt/connections.json' with { type: 'json' };
import contactLists from './pt/contactLists.json' with { type: 'json' };
import contacts from './pt/contacts.json' with { type: 'json' };
import dashboard from './pt/dashboard.json' with { type: 'json' };
import errors from './pt/errors.json' with { type: 'json' };
import files from './pt/files.json' with { type: 'json' };
import flowCampaigns from './pt/flowCampaigns.json' with { type: 'json' };
import flowEditor from './pt/flowEditor.json' with { type: 'json' };
import flows from './pt/flows.json' with { type: 'json' };
import helps from './pt/helps.json' with { type: 'json' };
import home from './pt/home.json' with { type: 'json' };
import invoices from './pt/invoices.json' with { type: 'json' };
import kanban from './pt/kanban.json' with { type: 'json' };
import messagesApi from './pt/messagesApi.json' with { type: 'json' };
import prompts from './pt/prompts.json' with { type: 'json' };
import queueIntegrations from './pt/queueIntegrations.json' with { type: 'json' };
import queues from './pt/queues.json' with { type: 'json' };
import quickMessages from './pt/quickMessages.json' with { type: 'json' };
import schedules from './pt/schedules.json' with { type: 'json' };
import settings from './pt/settings.json' with { type: 'json' };
import shell from './pt/shell.json' with { type: 'json' };
import tags from './pt/tags.json' with { type: 'json' };
import tickets from './pt/tickets.json' with { type: 'json' };
import todos from './pt/todos.json' with { type: 'json' };
import users from './pt/users.json' with { type: 'json' };
import validation from './pt/validation.json' with { type: 'json' };

/** The Portuguese texts, one file per feature mounted under its name (see index.ts). */
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
